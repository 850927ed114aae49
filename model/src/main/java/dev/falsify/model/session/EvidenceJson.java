package dev.falsify.model.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.falsify.model.verdict.ArmEvidence;

/**
 * The JSON form of an {@link ArmEvidence}, embedded in findings files as a {@code falsify-evidence}
 * fenced block so the folder alone is enough to recompute every verdict. Field order is the record's.
 */
public final class EvidenceJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addMixIn(dev.falsify.model.verdict.OracleResult.class, OracleResultJson.class)
            .addMixIn(dev.falsify.model.verdict.AuditItem.class, AuditItemJson.class);

    /** An oracle result's optional fields (completed ops, unit) are left out when absent, as evidence before them was written. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    private abstract static class OracleResultJson {
    }

    /**
     * An audit item is written as it always was (check, status, evidence): which checklist item it is follows from
     * its text, matched once when the block is read back.
     */
    @com.fasterxml.jackson.annotation.JsonIgnoreProperties({"item"})
    private abstract static class AuditItemJson {
    }

    static {
        MAPPER.getFactory().setCharacterEscapes(new LineSafe());
    }

    /**
     * JSON escapes control characters itself; these are the others a viewer may take for a line break
     * (NEL, U+2028/2029) or that hide or reorder text (bidi and other format characters): escaped too, so
     * the block is plain ASCII-safe lines whatever a history value holds.
     */
    private static final class LineSafe extends com.fasterxml.jackson.core.io.CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public com.fasterxml.jackson.core.SerializableString getEscapeSequence(int ch) {
            return ch == 0x85 || ch == 0x2028 || ch == 0x2029 || MarkdownText.hidden(ch) ? new com.fasterxml.jackson.core.io.SerializedString(String.format("\\u%04x", ch)) : null;
        }
    }

    private EvidenceJson() {
    }

    public static String write(ArmEvidence evidence) {
        try {
            return escapeLoneSurrogates(MAPPER.writeValueAsString(evidence));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("evidence is always serialisable", e);
        }
    }

    /**
     * A history value may hold half of a surrogate pair (a truncated UTF-16 string): JSON can carry it as
     * {@code \ud800}, but as a raw character no UTF-8 file can, and writing the findings file would fail.
     * Such characters only occur inside string values, where the escape reads back as the same character.
     */
    static String escapeLoneSurrogates(String json) {
        StringBuilder b = null;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < json.length() && Character.isLowSurrogate(json.charAt(i + 1));
            if (pair) {
                if (b != null) b.append(c).append(json.charAt(i + 1));
                i++;
            } else if (Character.isSurrogate(c)) {
                if (b == null) b = new StringBuilder(json.length() + 16).append(json, 0, i);
                b.append(String.format("\\u%04x", (int) c));
            } else if (b != null) {
                b.append(c);
            }
        }
        return b == null ? json : b.toString();
    }

    /** Parses evidence; a malformed block is reported with its line and column inside the JSON. */
    public static ArmEvidence read(String json) {
        try {
            return MAPPER.readValue(json, ArmEvidence.class);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
            int col = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getColumnNr());
            // Jackson appends "(for Object starting at [Source: REDACTED …])": noise for a person
            String reason = String.valueOf(e.getOriginalMessage()).replaceAll("\\s*\\(for [^\\[]*\\[Source:.*$", "")
                    .replaceAll("\\s+", " ").strip();
            throw new Unreadable(line, col, reason, e);
        } catch (IllegalArgumentException | NullPointerException e) {
            // a record constructor refusing a value (a null scenario) is unreadable evidence, not a crash
            throw new Unreadable(1, 1, String.valueOf(e.getMessage()), e);
        }
    }

    /** An evidence block that is not a readable record, with the 1-based line and column inside the JSON. */
    public static final class Unreadable extends IllegalArgumentException {
        private final int line;
        private final int column;
        private final String reason;

        Unreadable(int line, int column, String reason, Throwable cause) {
            super("line " + line + ", column " + column + ": " + reason, cause);
            this.line = line;
            this.column = column;
            this.reason = reason;
        }

        public int line() {
            return line;
        }

        public int column() {
            return column;
        }

        public String reason() {
            return reason;
        }
    }
}
