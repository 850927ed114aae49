package dev.falsify.app.ui.session;

import dev.falsify.model.verdict.SessionHeadline;
import dev.falsify.model.verdict.Verdict;
import java.util.List;
import javafx.scene.Node;

/** The colour class of a verdict: PASS, FAIL, INCONCLUSIVE, PARTIAL or NOT-RUN (styles in workbench.css). */
public final class VerdictStyle {
    public static final List<String> CLASSES = List.of("verdict-pass", "verdict-fail", "verdict-inconclusive",
            "verdict-partial", "verdict-not-run");

    private VerdictStyle() {
    }

    public static String of(Verdict v) {
        if (v == null) {
            return "verdict-not-run";
        }
        return v.isPass() ? "verdict-pass" : v.isFail() ? "verdict-fail" : v.isInconclusive() ? "verdict-inconclusive"
                : v.isPartial() ? "verdict-partial" : "verdict-not-run";
    }

    public static String of(SessionHeadline h) {
        return switch (h) {
            case DONE -> "verdict-pass";
            case FAIL -> "verdict-fail";
            case DONE_WITH_CONCERNS -> "verdict-partial";
            case INCONCLUSIVE -> "verdict-inconclusive";
            case BLOCKED -> "verdict-not-run";
        };
    }

    /** Replaces any verdict class on {@code node} with {@code cls} (null: none). */
    public static void apply(Node node, String cls) {
        node.getStyleClass().removeAll(CLASSES);
        if (cls != null) {
            node.getStyleClass().add(cls);
        }
    }
}
