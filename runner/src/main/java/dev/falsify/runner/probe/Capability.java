package dev.falsify.runner.probe;

/**
 * The result of probing one requirement: the environment capability matrix row of session-log.md.
 *
 * @param requirement the requirement probed
 * @param command     the command looked up on PATH
 * @param present     the command exists and meets the version floor
 * @param version     the version it reported, or null when unknown
 * @param source      where it was found (absolute path), or why it was not
 * @param detail      one sentence: what was checked and what was found
 */
public record Capability(Requirement requirement, String command, boolean present, String version, String source,
                         String detail) {
}
