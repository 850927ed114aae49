package dev.falsify.devtools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.app.cli.UserError;
import dev.falsify.devtools.bench.ScaleHistories.Kind;
import org.junit.jupiter.api.Test;

class BenchScaleCommandTest {
    @Test
    void theIssuesTableByDefaultAndOneSizeOfEachKindWithOps() {
        assertThat(BenchScaleCommand.rows(null)).extracting(BenchScaleCommand.Row::label).containsExactly(
                "kv, 10,000 ops", "kv, 100,000 ops", "kv, 1,000,000 ops", "list-append, 100,000 txns", "list-append, 1,000,000 txns");
        // a size of the issue's table keeps its target; another has none
        assertThat(BenchScaleCommand.rows(100_000)).extracting(BenchScaleCommand.Row::kind, BenchScaleCommand.Row::wallTarget)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.KV, 0.5), org.assertj.core.groups.Tuple.tuple(Kind.LIST_APPEND, 2.0));
        assertThat(BenchScaleCommand.rows(5000)).allSatisfy(r -> assertThat(r.wallTarget()).isZero());
        assertThatThrownBy(() -> BenchScaleCommand.rows(0)).isInstanceOf(UserError.class);
    }
}
