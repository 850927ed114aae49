package dev.falsify.model.plan;

/**
 * Field label variants of plan-format.md, by context. Each resolver takes a normalised label
 * ({@link FieldReader#key}) and returns the canonical field name, or null.
 */
final class Labels {
    private Labels() {
    }

    static String header(String k) {
        if (k.equals("date")) return "date";
        if (k.equals("plan mode") || k.equals("mode") || k.equals("plan type") || k.equals("plan scope")) return "mode";
        if (k.equals("sut") || k.equals("system under test")) return "sut";
        if (k.startsWith("change under test") || k.equals("change")) return "change";
        if (k.equals("plan author") || k.equals("author") || k.equals("authors") || k.equals("owner") || k.equals("prepared by")
                || k.equals("written by")) return "author";
        if (k.equals("status") || k.equals("plan status")) return "status";
        return null;
    }

    static String scenario(String k) {
        if (k.startsWith("falsifies") || k.equals("falsified claims") || k.equals("claims falsified") || k.equals("would falsify")
                || k.equals("can falsify") || k.equals("claims under test") || k.equals("target claims") || k.equals("claims")) return "falsifies";
        if (k.equals("closes") || k.startsWith("closes hypothes") || k.equals("hypotheses closed") || k.equals("closes hypotheses")
                || k.equals("hypotheses")) return "closes";
        if (k.equals("technique") || k.equals("techniques")) return "technique";
        if (k.equals("workload")) return "workload";
        if (k.equals("faults") || k.equals("fault") || k.equals("fault injection")) return "faults";
        if (k.equals("oracle") || k.equals("oracles")) return "oracle";
        if (k.startsWith("observability")) return "observability";
        if (k.startsWith("exit criteria") || k.equals("exit")) return "exit";
        if (k.startsWith("smoke budget")) return "smokeBudget";
        if (k.startsWith("hardening budget")) return "hardeningBudget";
        if (k.startsWith("release budget")) return "releaseBudget";
        if (k.startsWith("target test file") || k.equals("target arm") || k.equals("target")) return "target";
        if (k.equals("skeleton language")) return "skeletonLanguage";
        if (k.equals("skeleton")) return "skeleton";
        return null;
    }

    static String sevenM(String k) {
        if (k.startsWith("model under test") || k.equals("model")) return "model";
        if (k.startsWith("operation history") || k.equals("history") || k.startsWith("history ")) return "history";
        if (k.equals("checker") || k.equals("checkers") || k.startsWith("checker ")) return "checker";
        if (k.startsWith("nemesis") || k.startsWith("fault plus landing") || k.startsWith("fault landing")
                || k.startsWith("faults plus landing") || k.startsWith("faults landing") || k.startsWith("fault and landing")) return "nemesis";
        // "Landing evidence" written as its own field next to "Nemesis": read with the nemesis for P006
        if (k.startsWith("landing")) return "landing";
        if (k.startsWith("ambiguous") || k.startsWith("indeterminate") || k.startsWith("unknown outcome")) return "ambiguous";
        if (k.startsWith("reduction") || k.startsWith("shrink")) return "reduction";
        return null;
    }

    static String sevenMS(String k) {
        if (k.equals("boundary claim")) return "boundaryClaim";
        if (k.equals("boundary keys") || k.equals("boundary key")) return "boundaryKeys";
        if (k.equals("surfaces")) return "surfaces";
        if (k.equals("operations")) return "operations";
        if (k.startsWith("positive control")) return "positiveControls";
        if (k.startsWith("negative control")) return "negativeControls";
        if (k.startsWith("confusable") || k.startsWith("adversarial")) return "confusable";
        if (k.startsWith("delayed")) return "delayed";
        if (k.startsWith("background")) return "background";
        if (k.startsWith("observability path")) return "observability";
        if (k.equals("oracle")) return "oracle";
        if (k.startsWith("minimum smoke")) return "smokeBudget";
        if (k.startsWith("minimum hardening")) return "hardeningBudget";
        if (k.equals("arms")) return "arms";
        if (k.startsWith("fairness formula")) return "fairnessFormula";
        return null;
    }

    static String hypothesis(String k) {
        if (k.startsWith("could falsify") || k.startsWith("could regress") || k.equals("falsifies")
                || k.equals("claims") || k.equals("claim") || k.startsWith("threatens") || k.startsWith("claims at risk")
                || k.equals("at risk") || k.endsWith(" falsify") || k.equals("affects") || k.equals("affects claims")
                || k.equals("related claims") || k.equals("targets") || k.equals("falsified claims")) return "falsifies";
        if (k.startsWith("suspected")) return "suspected";
        if (k.equals("subsystem")) return "subsystem";
        if (k.startsWith("pitfall")) return "pitfall";
        if (k.equals("category") || k.equals("hypothesis category")) return "category";
        return null;
    }

    /** A label line that opens a §7.M block ({@code **§7.M — model, history, checker:**}). */
    static boolean isSevenMMarker(String k) {
        String t = k.replace("§", "").strip();
        return (t.startsWith("7.m") && !t.startsWith("7.m.s")) || t.startsWith("model history and checker")
                || t.startsWith("model history checker");
    }

    static boolean isSevenMSMarker(String k) {
        String t = k.replace("§", "").strip();
        return t.startsWith("7.m.s") || t.startsWith("surface decomposition");
    }
}
