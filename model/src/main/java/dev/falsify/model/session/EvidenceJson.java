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
            .addMixIn(dev.falsify.model.verdict.OracleResult.class, OracleResultJson.class);

    /** An oracle result's optional fields (completed ops, unit) are left out when absent, as evidence before them was written. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    private abstract static class OracleResultJson {
    }

    private EvidenceJson() {
    }

    public static String write(ArmEvidence evidence) {
        try {
            return MAPPER.writeValueAsString(evidence);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("evidence is always serialisable", e);
        }
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
