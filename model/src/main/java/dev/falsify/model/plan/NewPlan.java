package dev.falsify.model.plan;

import java.time.LocalDate;
import java.util.regex.Pattern;

/** The text of a new plan: header and every section §0–§9 with starter tables. */
public final class NewPlan {
    private NewPlan() {
    }

    public enum Mode {
        PROJECT_WIDE("project-wide"), CHANGE_SCOPED("change-scoped");

        private final String label;

        Mode(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public static Mode parse(String s) {
            for (Mode m : values()) if (m.label.equalsIgnoreCase(s)) return m;
            throw new IllegalArgumentException("mode must be project-wide or change-scoped, not '" + s + "'");
        }
    }

    public static final Pattern SLUG = Pattern.compile("[a-z0-9][a-z0-9._-]{0,79}");

    /**
     * @param change the commit the plan is scoped to (change-scoped), or null for a project-wide plan
     */
    public static String skeleton(String slug, Mode mode, GitChanges.Change change, String author, LocalDate date) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Test Plan: ").append(slug).append("\n\n");
        sb.append("**Date:** ").append(date).append('\n');
        sb.append("**Plan mode:** ").append(mode.label()).append('\n');
        sb.append("**SUT:** ").append(slug).append('\n');
        if (mode == Mode.CHANGE_SCOPED && change != null) {
            sb.append("**Change under test:** ").append(change.commit()).append(" — ").append(change.subject()).append('\n');
        } else {
            sb.append("**Change under test:** N/A — project-wide\n");
        }
        sb.append("**Plan author:** ").append(author == null || author.isBlank() ? "<name>" : author).append('\n');
        sb.append("**Status:** draft\n");
        for (String id : PlanTemplates.SECTION_ORDER) {
            sb.append('\n').append(PlanTemplates.heading(id)).append("\n\n");
            if (id.equals("1") && mode == Mode.CHANGE_SCOPED) {
                sb.append("Files touched:\n");
                if (change == null || change.files().isEmpty()) {
                    sb.append("- <!-- none -->\n");
                } else {
                    for (GitChanges.FileChange f : change.files()) {
                        sb.append("- `").append(f.path()).append("` (+").append(f.added()).append(" −").append(f.removed()).append(')');
                        if (!f.kind().equals("MODIFY")) sb.append(" ").append(f.kind().toLowerCase());
                        sb.append('\n');
                    }
                }
            } else if (id.equals("3") && mode == Mode.CHANGE_SCOPED) {
                sb.append("<!-- project-wide plans only; a change-scoped plan may leave this empty -->\n");
            } else {
                sb.append(PlanTemplates.body(id));
            }
        }
        return sb.toString();
    }
}
