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
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private EvidenceJson() {
    }

    public static String write(ArmEvidence evidence) {
        try {
            return MAPPER.writeValueAsString(evidence);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("evidence is always serialisable", e);
        }
    }

    /** Parses evidence; a malformed block is reported as an {@link IllegalArgumentException} with Jackson's location. */
    public static ArmEvidence read(String json) {
        try {
            return MAPPER.readValue(json, ArmEvidence.class);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : "line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": ";
            throw new IllegalArgumentException(where + e.getOriginalMessage(), e);
        }
    }
}
