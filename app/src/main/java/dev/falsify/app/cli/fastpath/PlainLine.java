package dev.falsify.app.cli.fastpath;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A command line of the plain shape {@link FastPath} takes: the command ({@code check} or {@code lint}),
 * its paths in order, its options with their values (each given once), and whether {@code --json} was.
 */
public record PlainLine(String command, List<Path> paths, Map<String, String> options, boolean json) {
}
