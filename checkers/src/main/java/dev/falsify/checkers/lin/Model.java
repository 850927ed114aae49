package dev.falsify.checkers.lin;

import dev.falsify.model.history.Op;
import java.util.List;

/**
 * A sequential specification the linearizability checker searches against. Adding a model is one
 * class implementing this interface plus one line in {@link Models}.
 *
 * <p>The checker decodes every op once into a command {@code C} and interns commands and states, so
 * {@code step} runs once per distinct (state, command) pair however large the search is. Both
 * {@code S} and {@code C} must therefore be immutable values with {@code equals}/{@code hashCode}
 * (records are).
 *
 * @param <S> model state
 * @param <C> decoded operation (input, observed output when known)
 */
public interface Model<S, C> {
    /** Model name as written in plans and {@code --model}. */
    String name();

    /** Op types this model understands, for {@code --list} and error messages. */
    List<String> opTypes();

    S initialState();

    /**
     * Decodes an op whose outcome is OK (its output is an observation) or UNKNOWN (output
     * unknown: the command must accept any result).
     *
     * @throws ModelException when the op does not fit the model (unknown op type, malformed input)
     */
    C command(Op op);

    /**
     * The state after {@code cmd} takes effect in {@code state}, or null when it cannot take effect
     * there (its observed output contradicts the state, or its precondition does not hold).
     */
    S step(S state, C cmd);

    /**
     * Keys the command touches, for P-compositionality: ops whose key sets never connect are checked
     * as independent objects. An empty list means the command touches the whole object, which puts
     * every op in one partition.
     */
    default List<String> partitionKeys(C cmd) {
        return List.of();
    }

    /**
     * Whether the command can change the state. Return false only for commands that never change
     * it, in any state (reads): an op with unknown outcome that cannot change the state constrains
     * nothing and is left out of the search, and the search places such observers eagerly.
     */
    default boolean mutates(C cmd) {
        return true;
    }

    /**
     * Pruning hint: true when the command is valid in every state and the state after it does not
     * depend on the state before (a blind write). An unknown-outcome op placed right before such a
     * command has no visible effect, so the search does not try that order ("never" covers it).
     */
    default boolean overwrites(C cmd) {
        return false;
    }

    /**
     * Pruning hint: true when the command can only extend the state, so that a state that is not a
     * "prefix" of what an observer expects stays so after it (an append to a string or a log).
     */
    default boolean onlyExtends(C cmd) {
        return false;
    }

    /**
     * Pruning hint, used only while every op that may still take effect before {@code observer}
     * satisfies {@link #onlyExtends}: false when no sequence of such commands can take {@code state}
     * to a state where the observer (a command that never changes the state) is valid. True when
     * unsure.
     */
    default boolean reachableByExtending(S state, C observer) {
        return true;
    }

    /** Short text for people, e.g. {@code write 3}, {@code read → 4}, {@code cas 1→2 (false)}. */
    String describe(C cmd);

    /** Short text for people, e.g. {@code 3}, {@code held}, {@code [1 2]}. */
    String describeState(S state);
}
