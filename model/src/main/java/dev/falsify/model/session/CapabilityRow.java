package dev.falsify.model.session;

/** A row of the environment capability matrix: Requirement | Present? | Version | Source. */
public record CapabilityRow(String requirement, String present, String version, String source) {

    /** The matrix row of a probe result ({@code yes} / {@code no}, plus "(optional)" for a non-required one). */
    public static CapabilityRow of(dev.falsify.model.verdict.CapabilityResult p) {
        return new CapabilityRow(p.requirement(), (p.present() ? "yes" : "no") + (p.required() ? "" : " (optional)"),
                p.version(), p.source());
    }

    /** Present? reads as yes for {@code yes}, {@code ✅}, {@code true}, {@code present}, {@code ok}. */
    public boolean isPresent() {
        String p = present.strip().toLowerCase(java.util.Locale.ROOT);
        return p.startsWith("y") || p.startsWith("true") || p.startsWith("present") || p.startsWith("ok")
                || p.contains("\u2705") || p.contains("\u2714") || p.equals("x") || p.equals("[x]");
    }
}
