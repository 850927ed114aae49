package dev.falsify.model.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.model.session.MarkdownTable;
import dev.falsify.model.text.TableCells;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plans and sessions split table rows with one splitter (issue 31, problem 6): before, the plan
 * reader split on a pipe inside backticks and the session reader did not, so the same row had a
 * different number of columns in a plan and in a session log.
 */
class TableCellsAgreeTest {
    private static final List<String> ROWS = List.of(
            "| S1 | `curl x | jq .` | ok |",
            "| S1 | ``a ` | b`` | ok |",
            "| S1 | a \\| b | ok |",
            "| S1 | `open | never closed | ok |",
            "| S1 | \\`not code | still | split |",
            "| S1 |  | ok |",
            "S1 | no frame | ok",
            "| S1 | trailing escaped \\|");

    @Test
    void pipesInCodeSpansAndEscapedPipesStayInTheirCell() {
        assertThat(TableCells.split(ROWS.get(0))).containsExactly("S1", "`curl x | jq .`", "ok");
        assertThat(TableCells.split(ROWS.get(1))).containsExactly("S1", "``a ` | b``", "ok");
        assertThat(TableCells.split(ROWS.get(2))).containsExactly("S1", "a \\| b", "ok");
        // a backtick that never closes is literal: its pipes split
        assertThat(TableCells.split(ROWS.get(3))).containsExactly("S1", "`open", "never closed", "ok");
        assertThat(TableCells.split(ROWS.get(4))).containsExactly("S1", "\\`not code", "still", "split");
        assertThat(TableCells.split(ROWS.get(5))).containsExactly("S1", "", "ok");
        assertThat(TableCells.split(ROWS.get(6))).containsExactly("S1", "no frame", "ok");
        assertThat(TableCells.split(ROWS.get(7))).containsExactly("S1", "trailing escaped \\|");
    }

    @Test
    void thePlanReaderAndTheSessionReaderSeeTheSameColumns() {
        for (int i : new int[] {0, 1, 2, 3, 5, 7}) {
            String row = ROWS.get(i);
            List<String> plan = TableReader.split(new SourceLines(row + "\n"), 0).stream().map(Cell::text).toList();
            List<String> session = MarkdownTable.first(List.of("| a | b | c |", "|---|---|---|", row), 0, 3, 1).rows().get(0);
            assertThat(session.subList(0, plan.size())).as(row).isEqualTo(plan);
            assertThat(session.subList(plan.size(), session.size())).as(row + ": only padding beyond").allMatch(String::isEmpty);
        }
        // the cell that used to differ, cell for cell
        SourceLines lines = new SourceLines(ROWS.get(0) + "\n");
        assertThat(TableReader.split(lines, 0).stream().map(Cell::text).toList()).containsExactly("S1", "`curl x | jq .`", "ok");
        assertThat(MarkdownTable.first(List.of("| a | b | c |", "|---|---|---|", ROWS.get(0)), 0, 3, 1).rows().get(0))
                .containsExactly("S1", "`curl x | jq .`", "ok");
    }
}
