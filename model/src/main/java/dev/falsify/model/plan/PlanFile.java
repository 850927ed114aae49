package dev.falsify.model.plan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reading a plan file from disk, with errors a user can act on. */
public final class PlanFile {
    private PlanFile() {
    }

    /** The file could not be read as a plan; the message names the file and why. */
    public static final class UnreadablePlanException extends Exception {
        public UnreadablePlanException(String message) {
            super(message);
        }
    }

    /** Reads UTF-8 text (a leading BOM is dropped); binary or non-UTF-8 content is refused. */
    public static String readText(Path file) throws UnreadablePlanException {
        if (Files.isDirectory(file)) throw new UnreadablePlanException(file + ": is a directory, not a plan file");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new UnreadablePlanException(file + ": no such file");
        } catch (IOException e) {
            throw new UnreadablePlanException(file + ": cannot be read (" + e.getMessage() + ")");
        }
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) throw new UnreadablePlanException(file + ": is binary, not a Markdown plan");
        }
        // The lenient decoder of String is the JDK's fast path (a 10 MB plan decoded in about two thirds
        // of the strict decoder's time); it turns malformed input into U+FFFD, so only a text that has
        // one is decoded again strictly, to tell a malformed file from one that contains U+FFFD itself.
        String text = lenientUtf8(bytes);
        if (text.indexOf('\uFFFD') >= 0) text = strictUtf8(file, bytes);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    /** From this size on, the two halves of a file are decoded on two threads (a tenth of a 10 MB plan's lint). */
    static final int PARALLEL_DECODE_MIN = 1 << 20;

    /**
     * The bytes decoded as {@code new String(bytes, UTF_8)} does. A big file is cut after a newline
     * near its middle (a newline byte is never part of a multi-byte sequence, so each half decodes
     * as it does within the whole) and the first half is decoded on a second thread.
     */
    static String lenientUtf8(byte[] bytes) {
        int cut = bytes.length / 2;
        while (cut < bytes.length && bytes[cut] != '\n') cut++;
        if (bytes.length < PARALLEL_DECODE_MIN || cut >= bytes.length || Runtime.getRuntime().availableProcessors() < 2) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        int firstLength = cut + 1;
        SharedWork<String> first = SharedWork.start("falsify-decode", 1, true,
                i -> new String(bytes, 0, firstLength, StandardCharsets.UTF_8));
        String second = new String(bytes, firstLength, bytes.length - firstLength, StandardCharsets.UTF_8);
        return first.get(0).concat(second);
    }

    private static String strictUtf8(Path file, byte[] bytes) throws UnreadablePlanException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new UnreadablePlanException(file + ": is not UTF-8 text");
        }
        return text;
    }

    /** Reads and parses; refuses text in which nothing of a plan can be found. */
    public static Plan read(Path file) throws UnreadablePlanException {
        Plan plan = PlanParser.parse(readText(file));
        if (!looksLikePlan(plan)) {
            throw new UnreadablePlanException(file + ":1:1: not a test plan (no plan sections, claims, hypotheses or scenarios found)");
        }
        return plan;
    }

    /** Something of a plan was found: a known section, a claim, a hypothesis or a scenario. */
    public static boolean looksLikePlan(Plan plan) {
        return plan.sections().stream().anyMatch(Section::isKnown) || !plan.claims().isEmpty()
                || !plan.hypotheses().isEmpty() || !plan.scenarios().isEmpty();
    }
}
