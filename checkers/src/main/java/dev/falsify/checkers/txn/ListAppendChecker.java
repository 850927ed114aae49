package dev.falsify.checkers.txn;

import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;
import java.util.Set;

/** {@code list-append}: txns of {@code append} and {@code r} micro-ops over a map of lists. */
public final class ListAppendChecker extends TransactionalChecker {
    public static final String NAME = CheckerName.LIST_APPEND.id();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.LIST_APPEND, HistoryModel.KV);
    }

    @Override
    public List<String> needs() {
        return List.of("op_type=txn", "input: [[\"append\",k,v] | [\"r\",k,null] ...]",
                "output of ok txns: completed micro-ops with read lists", "unique appended values per key",
                "invoke_ts/complete_ts when realtime=true", "process_id when process=true");
    }

    @Override
    Set<String> functions() {
        return Set.of("append", "r");
    }

    @Override
    Inference inference(List<Txn> txns) {
        return new ListAppendInference(txns);
    }
}
