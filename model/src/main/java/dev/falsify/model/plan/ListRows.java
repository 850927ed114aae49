package dev.falsify.model.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rows of sections that the template writes as tables (§1c, §6b, §7c), read from list items when a
 * plan writes them as lists. Each item stands in for a one-cell table row, so lint reports about a
 * row point at the item.
 */
final class ListRows {
    private ListRows() {
    }

    // patterns compiled once: String.replaceFirst / matches / split compile theirs on every call
    private static final Pattern LEADING_PUNCT = Pattern.compile("^[\\s—–:.-]+");

    private static final Pattern LEADING_ID = Pattern.compile("^[\\s*_`]*([A-Z]\\d{1,5})(?![\\w/])");
    private static final Pattern REQUIREMENT_ITEM = Pattern.compile("^\\s*+([^(—–:≥>=,;]+?)(?<!\\s)\\s*+(?:$|[(—–:≥>=,;]|(?<=\\s)-\\s|(?<=\\s)\\d)");
    private static final Pattern VERSION = Pattern.compile("(?<![\\w.])\\d+(?:\\.\\d+)*");
    private static final Pattern INSTALL_HINT = Pattern.compile("(?i)install(?:\\s+hint)?\\s*:\\s*([^;]+)");

    /** "- **M1** — behaviour … (evidence)". */
    static List<MissingClaim> missingClaims(List<BulletItem> items) {
        List<MissingClaim> out = new ArrayList<>();
        for (BulletItem b : items) {
            Matcher m = LEADING_ID.matcher(b.text());
            if (!m.find() || m.group(1).charAt(0) != 'M') continue;
            String behaviour = LEADING_PUNCT.matcher(b.text().substring(m.end()).replace("**", "")).replaceFirst("").strip();
            out.add(new MissingClaim(m.group(1), behaviour, "", "", row("behavior the code relies on", b), b.span()));
        }
        return out;
    }

    /** "- **Docker** ≥ 24 — used by S1, S2; install: apt install docker.io". */
    static List<RequirementRow> requirements(List<BulletItem> items) {
        List<RequirementRow> out = new ArrayList<>();
        for (BulletItem b : items) {
            String text = b.text().replace("**", "").replace("__", "").replace("`", "");
            Matcher m = REQUIREMENT_ITEM.matcher(text);
            if (!m.find() || m.group(1).isBlank()) continue;
            Matcher v = VERSION.matcher(text.substring(m.end(1)));
            Matcher hint = INSTALL_HINT.matcher(text);
            out.add(new RequirementRow(m.group(1).strip(), v.find() ? v.group() : "", Ids.all(text, "S"),
                    hint.find() ? hint.group(1).strip() : "", row("requirement", b)));
        }
        return out;
    }

    /** Residual uncertainty as bullets: each item that names an id is a row. */
    static List<ResidualRow> residual(List<BulletItem> items) {
        List<ResidualRow> out = new ArrayList<>();
        for (BulletItem b : items) {
            List<String> ids = Ids.all(b.text(), "CHMS");
            if (!ids.isEmpty()) out.add(new ResidualRow(ids, b.text(), row("uncertainty", b)));
        }
        return out;
    }

    private static TableRow row(String header, BulletItem b) {
        return new TableRow(List.of(header), List.of(new Cell(b.text(), b.span())), b.span(), false);
    }
}
