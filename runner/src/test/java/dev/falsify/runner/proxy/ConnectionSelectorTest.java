package dev.falsify.runner.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

class ConnectionSelectorTest {

    @Test
    void parsesTheFourForms() {
        assertThat(ConnectionSelector.parse(null)).isEqualTo(new ConnectionSelector.All());
        assertThat(ConnectionSelector.parse("all")).isEqualTo(new ConnectionSelector.All());
        assertThat(ConnectionSelector.parse("first:3")).isEqualTo(new ConnectionSelector.First(3));
        assertThat(ConnectionSelector.parse(" NTH:2 ")).isEqualTo(new ConnectionSelector.Nth(2));
        assertThat(ConnectionSelector.parse("fraction:0.3")).isEqualTo(new ConnectionSelector.Fraction(0.3));
        assertThatThrownBy(() -> ConnectionSelector.parse("some")).hasMessageContaining("first:K");
        assertThatThrownBy(() -> ConnectionSelector.parse("first:x")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> ConnectionSelector.parse("fraction:1.5")).hasMessageContaining("0 <= p <= 1");
        assertThatThrownBy(() -> ConnectionSelector.parse("nth:0")).hasMessageContaining("n >= 1");
    }

    @Test
    void firstAndNthSelectByOrdinal() {
        ConnectionSelector first = new ConnectionSelector.First(2);
        ConnectionSelector nth = new ConnectionSelector.Nth(3);
        assertThat(List.of(1L, 2L, 3L, 4L)).map(i -> first.selects(i, 9, "w")).containsExactly(true, true, false, false);
        assertThat(List.of(1L, 2L, 3L, 4L)).map(i -> nth.selects(i, 9, "w")).containsExactly(false, false, true, false);
    }

    @Property(tries = 50)
    void fractionIsDeterministicPerSeedAndCloseToP(@ForAll long seed, @ForAll @DoubleRange(min = 0.1, max = 0.9) double p) {
        ConnectionSelector f = new ConnectionSelector.Fraction(p);
        List<Boolean> a = new ArrayList<>();
        List<Boolean> b = new ArrayList<>();
        int hits = 0;
        for (long i = 1; i <= 2000; i++) {
            boolean x = f.selects(i, seed, "window");
            a.add(x);
            b.add(f.selects(i, seed, "window"));
            if (x) hits++;
        }
        assertThat(a).isEqualTo(b);
        assertThat(hits / 2000.0).isBetween(p - 0.06, p + 0.06);
    }

    @Test
    void differentSeedsGiveDifferentSelections() {
        ConnectionSelector f = new ConnectionSelector.Fraction(0.5);
        List<Boolean> s1 = new ArrayList<>();
        List<Boolean> s2 = new ArrayList<>();
        for (long i = 1; i <= 64; i++) {
            s1.add(f.selects(i, 1, "w"));
            s2.add(f.selects(i, 2, "w"));
        }
        assertThat(s1).isNotEqualTo(s2);
    }
}
