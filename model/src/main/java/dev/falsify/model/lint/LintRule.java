package dev.falsify.model.lint;

/** The rule set of plan-format.md, with the default severity of each rule. */
public enum LintRule {
    P001(Severity.ERROR, "required section missing"),
    P002(Severity.ERROR, "duplicate id or unknown reference"),
    P003(Severity.ERROR, "untethered hypothesis"),
    P004(Severity.ERROR, "scenario falsifies no claim"),
    P005(Severity.ERROR, "serious scenario without complete §7.M"),
    P006(Severity.ERROR, "nemesis without observable landing signal"),
    P007(Severity.ERROR, "checker not in picker, no justification"),
    P008(Severity.WARNING, "checker does not match model/category"),
    P009(Severity.ERROR, "boundary/fairness scenario without §7.M.S or arms"),
    P010(Severity.WARNING, "scenario name describes setup"),
    P011(Severity.WARNING, "claim exercised by no scenario, not in §7c"),
    P012(Severity.WARNING, "§1c/§7c absent rather than explicitly empty"),
    P013(Severity.WARNING, "hypothesis closed by no scenario, not deferred"),
    P014(Severity.WARNING, "hypothesis category neither covered nor N/A"),
    P015(Severity.WARNING, "environment requirement not declared"),
    P016(Severity.WARNING, "absolute negatives in §7d"),
    P017(Severity.ERROR, "invalid run block"),
    P018(Severity.WARNING, "release budget empty or TBD"),
    P019(Severity.INFO, "unknown text kept");

    private final Severity severity;
    private final String summary;

    LintRule(Severity severity, String summary) {
        this.severity = severity;
        this.summary = summary;
    }

    public Severity severity() {
        return severity;
    }

    public String summary() {
        return summary;
    }
}
