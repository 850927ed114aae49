package dev.falsify.checkers.txn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.history.Histories;
import dev.falsify.checkers.history.History;
import dev.falsify.model.vocabulary.Validity;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Transaction histories in the shapes JSON recorders write, read through the history readers. */
class TxnHistoryVariantsTest {

    @Test
    void microOpsWrittenAsObjectsAreChecked() throws IOException, URISyntaxException {
        Path file = Path.of(TxnHistoryVariantsTest.class
                .getResource("/dev/falsify/checkers/history/variants/txn-object-microops.jsonl").toURI());
        History h = Histories.readAll(file, null);
        assertThat(TransactionalChecker.suggest(h.ops())).isEqualTo(ListAppendChecker.NAME);
        CheckResult r = new ListAppendChecker().check(new CheckInput(h.ops(), "list-append", Map.of(), null, Map.of(), null),
                CheckBudget.unlimited());
        // each txn read the other's append: circular information flow
        assertThat(r.validity()).as(r.summary()).isEqualTo(Validity.INVALID);
        assertThat(TxnOps.types(r)).containsExactly("G1c");
        assertThat(r.weaknesses()).isEmpty();
    }
}
