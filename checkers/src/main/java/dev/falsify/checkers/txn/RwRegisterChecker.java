package dev.falsify.checkers.txn;

import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;
import java.util.Set;

/** {@code rw-register}: txns of {@code w} and {@code r} micro-ops over a map of registers. */
public final class RwRegisterChecker extends TransactionalChecker {
    public static final String NAME = CheckerName.RW_REGISTER.id();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.RW_REGISTER, HistoryModel.KV, HistoryModel.MULTI_REGISTER);
    }

    @Override
    public List<String> needs() {
        return List.of("op_type=txn", "input: [[\"w\",k,v] | [\"r\",k,null] ...]",
                "output of ok txns: completed micro-ops with read values", "unique written values per key",
                "invoke_ts/complete_ts when realtime=true", "process_id when process=true");
    }

    @Override
    Set<String> functions() {
        return Set.of("w", "r");
    }

    @Override
    Inference inference(List<Txn> txns) {
        return new RwRegisterInference(txns);
    }
}
