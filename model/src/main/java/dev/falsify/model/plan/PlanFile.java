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
        return decode(file).text();
    }

    /** A file's text, and what {@link Utf8Scan} found in its bytes. */
    record Decoded(String text, int flags) {
        boolean mayHoldNoBreakSpace() {
            return (flags & Utf8Scan.MAY_HOLD_NO_BREAK_SPACE) != 0;
        }
    }

    private static Decoded decode(Path file) throws UnreadablePlanException {
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
        // of the strict decoder's time); it turns malformed input into U+FFFD, so only a file whose bytes
        // may hold one (Utf8Scan: malformed, or U+FFFD itself) is decoded again strictly, to tell the two apart.
        Decoded d = lenientUtf8(bytes);
        String text = d.text();
        if ((d.flags() & Utf8Scan.MAY_HOLD_REPLACEMENT) != 0 && text.indexOf('\uFFFD') >= 0) text = strictUtf8(file, bytes);
        return new Decoded(text.startsWith("\uFEFF") ? text.substring(1) : text, d.flags());
    }

    /** From this size on, the two halves of a file are decoded on two threads (a tenth of a 10 MB plan's lint). */
    static final int PARALLEL_DECODE_MIN = 1 << 20;

    /**
     * The bytes decoded as {@code new String(bytes, UTF_8)} does, with their {@link Utf8Scan} flags.
     * A big file is cut after a newline near its middle (a newline byte is never part of a
     * multi-byte sequence, so each half decodes as it does within the whole) and the first half is
     * decoded and scanned on a second thread.
     */
    static Decoded lenientUtf8(byte[] bytes) {
        int cut = bytes.length / 2;
        while (cut < bytes.length && bytes[cut] != '\n') cut++;
        if (bytes.length < PARALLEL_DECODE_MIN || cut >= bytes.length || Runtime.getRuntime().availableProcessors() < 2) {
            return new Decoded(new String(bytes, StandardCharsets.UTF_8), Utf8Scan.scan(bytes, 0, bytes.length));
        }
        int firstLength = cut + 1;
        SharedWork<Decoded> first = SharedWork.start("falsify-decode", 1, true,
                i -> new Decoded(new String(bytes, 0, firstLength, StandardCharsets.UTF_8), Utf8Scan.scan(bytes, 0, firstLength)));
        String second = new String(bytes, firstLength, bytes.length - firstLength, StandardCharsets.UTF_8);
        int secondFlags = Utf8Scan.scan(bytes, firstLength, bytes.length);
        Decoded one = first.get(0);
        return new Decoded(one.text().concat(second), one.flags() | secondFlags);
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
        Decoded d = decode(file);
        Plan plan = PlanParser.parse(d.text(), true, d.mayHoldNoBreakSpace());
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
