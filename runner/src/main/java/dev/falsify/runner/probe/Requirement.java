package dev.falsify.runner.probe;

import java.util.List;

/**
 * One §6b environment requirement: what is needed, the minimum version, and which scenarios need it.
 *
 * @param text         the requirement cell as written (e.g. {@code `toxiproxy-cli` (Toxiproxy)})
 * @param versionFloor the version floor cell ({@code 2.5}, {@code >= 17}, {@code —} for none)
 * @param usedBy       scenario ids that need it
 * @param installHint  the install hint cell, shown when it is missing
 */
public record Requirement(String text, String versionFloor, List<String> usedBy, String installHint) {
    public Requirement {
        usedBy = List.copyOf(usedBy);
    }

    public static Requirement of(dev.falsify.model.plan.RequirementRow r) {
        return new Requirement(r.requirement(), r.versionFloor(), r.usedBy(), r.installHint());
    }
}
