package dev.falsify.devtools.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.falsify.app.cli.FalsifyCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Runs the whole command line in-process with captured output, as a user's {@code falsify} with the
 * devtools jar on its class path: the devtools' commands join it through {@code ExtraCommands}.
 */
record CliRun(int exit, String out, String err) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static CliRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = FalsifyCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    JsonNode json() throws IOException {
        return JSON.readTree(out);
    }

    List<JsonNode> jsonLines() throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String l : out.split("\n")) if (!l.isBlank()) lines.add(JSON.readTree(l));
        return lines;
    }

    static Path corpus(String relative) {
        String shared = System.getProperty("falsify.shared");
        return (shared != null ? Path.of(shared) : Path.of("../../shared")).resolve("corpora").resolve(relative);
    }
}
