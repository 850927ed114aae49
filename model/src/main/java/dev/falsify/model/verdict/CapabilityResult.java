package dev.falsify.model.verdict;

/**
 * One environment capability probe (a row of the capability matrix).
 *
 * @param requirement what was probed ({@code iptables}, {@code docker >= 24})
 * @param present     whether it was found
 * @param version     version found, or empty
 * @param source      where it was found (path, command output), or empty
 * @param required    whether this arm cannot run without it
 */
public record CapabilityResult(String requirement, boolean present, String version, String source, boolean required) {
    public CapabilityResult {
        requirement = requirement == null ? "" : requirement;
        version = version == null ? "" : version;
        source = source == null ? "" : source;
    }
}
