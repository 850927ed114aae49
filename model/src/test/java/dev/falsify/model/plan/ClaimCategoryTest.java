package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A category cell is read word by word; the words are those of the regex the scan replaced. */
class ClaimCategoryTest {
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z-]*");

    @Test
    void readsTheCategoriesNamedInACell() {
        assertThat(ClaimCategory.parseCell("ordering / idempotency"))
                .containsExactly(ClaimCategory.ORDERING, ClaimCategory.IDEMPOTENCY);
        assertThat(ClaimCategory.parseCell("(negative) consistency")).isEmpty();
        assertThat(ClaimCategory.parseCell("Performance-SLOs, safety; safety"))
                .containsExactly(ClaimCategory.PERFORMANCE_SLO, ClaimCategory.SAFETY);
        assertThat(ClaimCategory.parseCell("-durability")).containsExactly(ClaimCategory.DURABILITY);
        assertThat(ClaimCategory.parseCell("durability-")).as("a dash inside or after a word is part of it").isEmpty();
        assertThat(ClaimCategory.parseCell("sécurité, fairness")).containsExactly(ClaimCategory.FAIRNESS);
        assertThat(ClaimCategory.parseCell("")).isEmpty();
    }

    @Test
    void findsTheSameWordsAsTheRegex() {
        String alphabet = "abyzABYZ- /(),é1_\t";
        String[] words = {"safety", "order", "durable", "slo", "performance-x", "tenancy", "Fairness", "ISOLATION"};
        Random random = new Random(13);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder cell = new StringBuilder();
            int parts = random.nextInt(6);
            for (int p = 0; p < parts; p++) {
                if (random.nextBoolean()) cell.append(words[random.nextInt(words.length)]);
                int noise = random.nextInt(4);
                for (int k = 0; k < noise; k++) cell.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = cell.toString();
            assertThat(ClaimCategory.parseCell(text)).as(text).isEqualTo(byRegex(text));
        }
    }

    private static List<ClaimCategory> byRegex(String cell) {
        List<ClaimCategory> out = new ArrayList<>();
        Matcher m = WORD.matcher(cell);
        while (m.find()) {
            String w = m.group();
            ClaimCategory c = ClaimCategory.fromWord(w);
            if (c == null && w.toLowerCase(Locale.ROOT).startsWith("performance")) c = ClaimCategory.PERFORMANCE_SLO;
            if (c != null && !out.contains(c)) out.add(c);
        }
        return out;
    }
}
