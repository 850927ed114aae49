package dev.falsify.checkers.lin;

import dev.falsify.model.history.Op;
import dev.falsify.model.vocabulary.HistoryModel;
import java.util.List;

/**
 * A lock: acquire succeeds only when free, release only when held (as Knossos' mutex model; the
 * holder's identity is not part of the state). Failed ops (e.g. a release answered {@code :not-held})
 * did not take effect and are not part of the search.
 */
final class MutexModel implements Model<Boolean, MutexModel.Cmd> {
    record Cmd(boolean acquire) {
    }

    private static final Cmd ACQUIRE = new Cmd(true);
    private static final Cmd RELEASE = new Cmd(false);

    @Override
    public String name() {
        return HistoryModel.MUTEX.id();
    }

    @Override
    public List<String> opTypes() {
        return List.of("acquire", "release");
    }

    @Override
    public Boolean initialState() {
        return Boolean.FALSE;
    }

    @Override
    public Cmd command(Op op) {
        String type = op.opType() == null ? "" : op.opType();
        return switch (type) {
            case "acquire", "lock" -> ACQUIRE;
            case "release", "unlock" -> RELEASE;
            default -> throw new ModelException(op, "op_type '" + type + "' is not an operation of model mutex (expected acquire, release)");
        };
    }

    @Override
    public Boolean step(Boolean held, Cmd c) {
        if (c.acquire) return held ? null : Boolean.TRUE;
        return held ? Boolean.FALSE : null;
    }

    @Override
    public String describe(Cmd c) {
        return c.acquire ? "acquire" : "release";
    }

    @Override
    public String describeState(Boolean held) {
        return held ? "held" : "free";
    }
}
