package dev.falsify.runner.store;

/**
 * A log file of a session with its line index.
 *
 * @param id    store id (for {@link SessionStore#readLines})
 * @param path  path relative to the session folder
 * @param size  bytes at import time
 * @param lines line count at import time
 */
public record LogFileInfo(long id, String path, long size, long lines) {
}
