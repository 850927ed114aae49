package dev.falsify.model.plan;

import dev.falsify.model.text.Span;
import java.util.List;

/**
 * A row of the §1b claims table (or, in divergent plans, of any table whose ID column holds
 * C-ids).
 *
 * @param categories   the known categories named in the category cell (possibly empty)
 * @param categoryText the category cell as written
 * @param inferred     true when the row says the claim is inferred from code, false when
 *                     documented, null when the plan does not say
 * @param falsifiedBy  scenario ids of the optional {@code Falsified by} column
 * @param struck       the row is written in strikethrough (withdrawn)
 */
public record Claim(String id, String text, List<ClaimCategory> categories, String categoryText, String source,
                    Boolean inferred, List<String> falsifiedBy, boolean struck, TableRow row, Span span) {

    public Claim {
        categories = List.copyOf(categories);
        falsifiedBy = List.copyOf(falsifiedBy);
    }

    public boolean isGated() {
        for (ClaimCategory c : categories) if (ClaimCategory.GATED.contains(c)) return true;
        return false;
    }

    public boolean needsSurfaceDecomposition() {
        for (ClaimCategory c : categories) if (ClaimCategory.SURFACE.contains(c)) return true;
        return false;
    }
}
