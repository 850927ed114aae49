package dev.falsify.model.plan;

import java.util.List;

/** A §6b environment-requirements row; the runner turns each into a capability probe. */
public record RequirementRow(String requirement, String versionFloor, List<String> usedBy, String installHint, TableRow row) {

    public RequirementRow {
        usedBy = List.copyOf(usedBy);
    }
}
