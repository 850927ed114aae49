package dev.falsify.checkers.lin;

import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.ExecutionEvidence;
import dev.falsify.checkers.api.HistoryWeakness;
import dev.falsify.checkers.api.LinearizabilityCounterexample;
import dev.falsify.checkers.api.Linearization;
import dev.falsify.checkers.api.MemoryBudget;
import dev.falsify.checkers.api.OpRef;
import dev.falsify.checkers.api.StreamingChecker;
import dev.falsify.checkers.history.WeaknessDetector;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import dev.falsify.model.vocabulary.Validity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The {@code linearizability} checker: is there a total order of the ops, consistent with their
 * real-time order, that the model's sequential specification accepts?
 *
 * <p>Ops whose outcome is FAIL did not take effect and are left out. Ops with UNKNOWN outcome may
 * take effect at any time after their invoke, or never; those that cannot change the state (a
 * timed-out read) constrain nothing and are left out too. The ops are split into independent
 * partitions by the keys they touch (P-compositionality), the partitions are searched in parallel,
 * and the search stops at the first failing partition: "first" in partition order (by first op),
 * so the same input always gives the same counterexample. With {@link #ALL_PARTITIONS_OPTION} it
 * goes on and reports every failing partition instead (the workbench's viewer switches between them).
 */
public final class LinearizabilityChecker implements StreamingChecker {
    public static final String NAME = CheckerName.LINEARIZABILITY.id();
    private static final int MAX_CANDIDATES_LISTED = 20;
    /**
     * Option: {@code true} makes a VALID result carry one linearization per partition
     * ({@link CheckResult#linearization()}), for the workbench's stepper. Off by default: building
     * the step descriptions costs time a plain check does not need.
     */
    public static final String LINEARIZATION_OPTION = "linearization";
    /**
     * Option: {@code true} checks every partition even after one failed, so the counterexample
     * lists each failing partition (in partition order) and, with {@link #LINEARIZATION_OPTION},
     * the result carries the linearizations of the partitions that passed. Off by default: {@code
     * falsify check} answers as soon as the first failing partition is known.
     */
    public static final String ALL_PARTITIONS_OPTION = "all-partitions";

    /** Whether kv partitions are searched with {@link PartitionSearch#lookAhead} (always, but for tests comparing the two). */
    private final boolean lookAhead;

    public LinearizabilityChecker() {
        this(true);
    }

    LinearizabilityChecker(boolean lookAhead) {
        this.lookAhead = lookAhead;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return Models.SUPPORTED;
    }

    @Override
    public List<String> needs() {
        return List.of("kv: key", "multi-register: input = txn micro-ops [f key value]",
                "queue: enqueue/dequeue", "log: append/read", "mutex: acquire/release", "counter: inc/read");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        return check(input.history().iterator(), input.model(), input.options(), budget);
    }

    @Override
    public String invocationTimesNeeded(Map<String, String> options) {
        return "linearizability orders ops by when they were invoked and when they completed";
    }

    /**
     * Checks a history consumed once from {@code ops} (e.g. an {@code OpStream}), holding only a
     * compact form of each op. Time spent inside {@code ops.next()} (reading, parsing) is not part
     * of the reported check time.
     *
     * @throws ModelException           when an op does not fit the model (bad input)
     * @throws IllegalArgumentException when the model is unknown or missing, or an option is malformed
     */
    @Override
    public CheckResult check(Iterator<Op> ops, String modelName, Map<String, String> options, CheckBudget budget) {
        if (modelName == null || modelName.isBlank()) {
            throw new IllegalArgumentException("linearizability needs a model (" + String.join(", ", Models.NAMES) + ")");
        }
        Model<?, ?> model = Models.create(modelName, options);
        return run(model, ops, budget, Boolean.parseBoolean(options.getOrDefault(LINEARIZATION_OPTION, "false")),
                Boolean.parseBoolean(options.getOrDefault(ALL_PARTITIONS_OPTION, "false")), lookAhead);
    }

    private static <S, C> CheckResult run(Model<S, C> model, Iterator<Op> ops, CheckBudget budget, boolean witness,
                                          boolean allPartitions, boolean lookAhead) {
        long start = System.nanoTime();
        long readingNanos = 0;
        WeaknessDetector weaknesses = new WeaknessDetector(model.name());
        Compiled<C> compiled = new Compiled<>();
        long total = 0;
        while (true) {
            long t0 = System.nanoTime();
            if (!ops.hasNext()) {
                readingNanos += System.nanoTime() - t0;
                break;
            }
            Op op = ops.next();
            readingNanos += System.nanoTime() - t0;
            weaknesses.accept(op);
            compiled.add(model, op, total++);
        }
        OutOfBudget outOfBudget = new OutOfBudget(budget, budget.deadlineFrom(System.nanoTime()));
        List<Task<S, C>> tasks = compiled.partitions(model, budget.memory());
        try {
            AtomicInteger firstFailure = new AtomicInteger(Integer.MAX_VALUE);
            runAll(tasks, budget, outOfBudget, firstFailure, witness, allPartitions, lookAhead);
            explainFailures(tasks, firstFailure.get(), outOfBudget, allPartitions);
            double elapsedMs = (System.nanoTime() - start - readingNanos) / 1e6;
            CheckResult r = result(model, tasks, firstFailure.get(), compiled, total, weaknesses.weaknesses(), elapsedMs, budget,
                    allPartitions);
            if (!witness || (r.validity() != Validity.VALID && !allPartitions)) return r;
            List<Linearization.Partition> parts = new ArrayList<>(tasks.size());
            for (Task<S, C> t : tasks) {
                if (t.status == PartitionSearch.Status.VALID) parts.add(t.linearization(model));
            }
            return parts.isEmpty() && r.validity() != Validity.VALID ? r : r.with(new Linearization(model.name(), parts));
        } finally {
            // the memory budget may be shared with other checks: what this one held is given back
            for (Task<S, C> t : tasks) t.account.close();
        }
    }

    private static <S, C> void runAll(List<Task<S, C>> tasks, CheckBudget budget, OutOfBudget outOfBudget, AtomicInteger firstFailure,
                                      boolean witness, boolean allPartitions, boolean lookAhead) {
        // Partitions in index order: the reported failure is the lowest-index failing partition (so the
        // counterexample is deterministic), and once it is known every later partition can be skipped.
        // Taking them biggest-first balanced the load better on valid histories but spent most of an
        // invalid history's time on big partitions whose answer could no longer matter.
        // a class rather than lambdas: each lambda's first call bootstraps through invokedynamic,
        // which a cold `falsify check` paid for in every file
        Worker<S, C> worker = new Worker<>(tasks, outOfBudget, firstFailure, witness, allPartitions, lookAhead);
        int workers = Math.min(tasks.size(), Math.max(1, Runtime.getRuntime().availableProcessors()));
        if (workers > 1 && totalSize(tasks) >= 256) {
            // helpers take partitions only if they get to run; the caller never waits for a helper
            // that has not started, only for partitions a helper is actually checking
            for (int i = 1; i < workers; i++) ForkJoinPool.commonPool().execute(worker);
        }
        worker.run();
        boolean interrupted = false;
        synchronized (worker) {
            while (worker.done.get() < tasks.size()) {
                try {
                    worker.wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                    budget.cancelled().set(true); // helpers stop at their next budget check
                }
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        // a partition's search that failed (out of memory, a bug) fails the check in the caller's
        // thread, where the pipeline turns it into an answer, rather than in a pool thread that
        // would print it and leave the partition looking merely unfinished
        Throwable crash = worker.crash.get();
        if (crash instanceof RuntimeException re) throw re;
        if (crash instanceof Error er) throw er;
        if (crash != null) throw new IllegalStateException(crash);
    }

    /** Takes partitions in index order until none is left; several may run at once. */
    private static final class Worker<S, C> implements Runnable {
        final List<Task<S, C>> tasks;
        final AtomicInteger firstFailure;
        final boolean witness;
        final boolean allPartitions;
        final boolean lookAhead;
        final AtomicInteger next = new AtomicInteger();
        final AtomicInteger done = new AtomicInteger();
        final OutOfBudget outOfBudget;
        /** The first error a partition's search threw: every search stops, and the caller rethrows it. */
        final java.util.concurrent.atomic.AtomicReference<Throwable> crash = new java.util.concurrent.atomic.AtomicReference<>();

        Worker(List<Task<S, C>> tasks, OutOfBudget outOfBudget, AtomicInteger firstFailure, boolean witness,
               boolean allPartitions, boolean lookAhead) {
            this.tasks = tasks;
            this.firstFailure = firstFailure;
            this.witness = witness;
            this.allPartitions = allPartitions;
            this.lookAhead = lookAhead;
            this.outOfBudget = outOfBudget;
        }

        @Override
        public void run() {
            int k;
            while ((k = next.getAndIncrement()) < tasks.size()) {
                Task<S, C> t = tasks.get(k);
                try {
                    // else an earlier partition already failed (and only the first failure is wanted)
                    if ((allPartitions || t.index <= firstFailure.get()) && crash.get() == null) {
                        t.run(witness, lookAhead, new Stop(t));
                        if (t.status == PartitionSearch.Status.INVALID) {
                            int f;
                            do {
                                f = firstFailure.get();
                            } while (t.index < f && !firstFailure.compareAndSet(f, t.index));
                        }
                    }
                } catch (RuntimeException | Error e) {
                    crash.compareAndSet(null, e);
                } finally {
                    if (done.incrementAndGet() == tasks.size()) {
                        synchronized (this) {
                            notifyAll();
                        }
                    }
                }
            }
        }

        /** When the search of a partition stops early. */
        private final class Stop implements java.util.function.BooleanSupplier {
            private final Task<S, C> task;

            Stop(Task<S, C> task) {
                this.task = task;
            }

            @Override
            public boolean getAsBoolean() {
                return outOfBudget.getAsBoolean() || crash.get() != null
                        || (!allPartitions && firstFailure.get() < task.index);
            }
        }
    }

    /**
     * The partitions whose failure is reported are searched once more without look-ahead, whose
     * dead ends reach the longest linearizable prefixes the explanation shows (see
     * {@link PartitionSearch#lookAhead}); within the same budget, and should it run out, the
     * look-ahead search's own (shorter) prefixes are shown.
     */
    private static <S, C> void explainFailures(List<Task<S, C>> tasks, int firstFailure, OutOfBudget stop,
                                               boolean allPartitions) {
        if (firstFailure == Integer.MAX_VALUE) return;
        for (Task<S, C> t : tasks) {
            if (t.status == PartitionSearch.Status.INVALID && (t.index == firstFailure || allPartitions)) t.explain(stop);
        }
    }

    /** Budget cancelled or deadline passed: when every search stops. */
    private static final class OutOfBudget implements java.util.function.BooleanSupplier {
        private final CheckBudget budget;
        private final long deadline;

        OutOfBudget(CheckBudget budget, long deadline) {
            this.budget = budget;
            this.deadline = deadline;
        }

        @Override
        public boolean getAsBoolean() {
            return budget.cancelled().get() || System.nanoTime() - deadline > 0;
        }
    }

    private static int totalSize(List<? extends Task<?, ?>> tasks) {
        int n = 0;
        for (Task<?, ?> t : tasks) n += t.size();
        return n;
    }

    private static <S, C> CheckResult result(Model<S, C> model, List<Task<S, C>> tasks, int firstFailure,
                                             Compiled<C> compiled, long total, List<HistoryWeakness> weaknesses,
                                             double elapsedMs, CheckBudget budget, boolean allPartitions) {
        long explored = 0;
        long opsDecided = compiled.outsideSearch;
        List<Task<S, C>> unfinished = new ArrayList<>();
        boolean outOfMemory = false;
        for (Task<S, C> t : tasks) {
            explored += t.explored;
            if (t.status == PartitionSearch.Status.UNKNOWN && t.index < firstFailure && t.account.overdrawn()) outOfMemory = true;
            if (t.status == PartitionSearch.Status.VALID || t.status == PartitionSearch.Status.INVALID) {
                opsDecided += t.size();
            } else if (t.index < firstFailure) {
                unfinished.add(t);
            }
        }
        Validity validity;
        LinearizabilityCounterexample cx = null;
        String summary;
        if (firstFailure != Integer.MAX_VALUE) {
            validity = Validity.INVALID;
            Task<S, C> failed = tasks.get(firstFailure);
            List<LinearizabilityCounterexample.PartitionFailure> failures = new ArrayList<>();
            failures.add(failed.failure(model, false));
            if (allPartitions) {
                for (Task<S, C> t : tasks) {
                    if (t.index != firstFailure && t.status == PartitionSearch.Status.INVALID) failures.add(t.failure(model, false));
                }
            }
            cx = new LinearizabilityCounterexample(model.name(), failures, false);
            String first = cx.describe().isEmpty() ? "no linearization exists" : cx.describe().get(0);
            // the partition is named once, in the parentheses
            if (first.startsWith(failed.label + ": ")) first = first.substring(failed.label.length() + 2);
            summary = "not linearizable" + (failed.label.equals("all") ? "" : " (" + failed.label + ")") + ": " + first
                    + (failures.size() > 1 ? "; " + failures.size() + " of " + tasks.size() + " partitions fail" : "");
            opsDecided = total; // a violation is a verdict on the whole history
        } else if (!unfinished.isEmpty()) {
            validity = Validity.UNKNOWN;
            List<LinearizabilityCounterexample.PartitionFailure> progress = new ArrayList<>();
            for (Task<S, C> t : unfinished) {
                if (progress.size() == 3) break;
                if (t.search != null) progress.add(t.failure(model, true));
            }
            cx = new LinearizabilityCounterexample(model.name(), progress, true);
            String why = budget.cancelled().get() ? "cancelled"
                    : outOfMemory ? "memory budget of " + budget.memory().describe() + " exhausted"
                    : "time budget of " + budget.timeout() + " exhausted";
            summary = "unknown: " + why + " with " + unfinished.size() + " of " + tasks.size() + " partitions undecided after "
                    + explored + " states explored" + (outOfMemory && !budget.cancelled().get()
                    ? " (a larger budget: --memory SIZE or -D" + MemoryBudget.PROPERTY + "=SIZE, or a bigger heap)" : "");
        } else {
            validity = Validity.VALID;
            summary = "linearizable: " + total + " ops, " + tasks.size() + (tasks.size() == 1 ? " partition, " : " partitions, ")
                    + explored + " states explored";
        }
        ExecutionEvidence evidence = new ExecutionEvidence(opsDecided, total, tasks.size(), explored, elapsedMs);
        return new CheckResult(NAME, model.name(), validity, evidence, cx, weaknesses, summary);
    }

    /**
     * The history decoded for the model: one compact entry per op that takes part in the search, in
     * primitive arrays rather than boxed lists: on a cold `falsify check` this runs interpreted for
     * every op, and boxing, list growth and Integer-keyed maps were a tenth of the kv folder's CPU.
     */
    private static final class Compiled<C> {
        OpRef[] refs = new OpRef[64];
        int[] commands = new int[64];
        boolean[] unknown = new boolean[64];
        int[] keyGroups = new int[64];
        int size;
        final Map<C, Integer> commandIds = new HashMap<>();
        final List<C> commandList = new ArrayList<>();
        final Map<String, Integer> keyIds = new HashMap<>();
        final List<String> keyNames = new ArrayList<>();
        int[] parent = new int[64];
        boolean wholeObject;
        long outsideSearch;

        <S> void add(Model<S, C> model, Op op, long index) {
            Outcome outcome = op.outcome();
            if (outcome == Outcome.FAIL) {
                outsideSearch++;
                return;
            }
            C cmd = model.command(op);
            if (outcome == Outcome.UNKNOWN && !model.mutates(cmd)) {
                outsideSearch++;
                return;
            }
            Integer id = commandIds.get(cmd);
            if (id == null) {
                id = commandList.size();
                commandIds.put(cmd, id);
                commandList.add(cmd);
            }
            List<String> keys = model.partitionKeys(cmd);
            int group = -1;
            if (keys.isEmpty()) {
                wholeObject = true;
            } else {
                group = key(keys.get(0));
                for (int i = 1; i < keys.size(); i++) union(group, key(keys.get(i)));
            }
            if (size == refs.length) {
                int n = size * 2;
                refs = Arrays.copyOf(refs, n);
                commands = Arrays.copyOf(commands, n);
                unknown = Arrays.copyOf(unknown, n);
                keyGroups = Arrays.copyOf(keyGroups, n);
            }
            refs[size] = OpRef.of(op, index);
            commands[size] = id;
            unknown[size] = outcome == Outcome.UNKNOWN;
            keyGroups[size] = group;
            size++;
        }

        private int key(String k) {
            Integer id = keyIds.get(k);
            if (id == null) {
                id = keyNames.size();
                keyIds.put(k, id);
                keyNames.add(k);
                if (id >= parent.length) parent = Arrays.copyOf(parent, parent.length * 2);
                parent[id] = id;
            }
            return id;
        }

        private int find(int x) {
            while (parent[x] != x) {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            return x;
        }

        private void union(int a, int b) {
            int ra = find(a);
            int rb = find(b);
            if (ra != rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }

        <S> List<Task<S, C>> partitions(Model<S, C> model, MemoryBudget memory) {
            // partitions in the order of their first op; each one's members in history order
            int groups = wholeObject ? 1 : keyNames.size();
            int[] partitionOfRoot = new int[groups];
            Arrays.fill(partitionOfRoot, -1);
            int[] partitionOf = new int[size];
            int[] memberCount = new int[Math.max(1, groups)];
            int[] rootOfPartition = new int[Math.max(1, groups)];
            int partitions = 0;
            for (int i = 0; i < size; i++) {
                int root = wholeObject ? 0 : find(keyGroups[i]);
                int p = partitionOfRoot[root];
                if (p < 0) {
                    p = partitions++;
                    partitionOfRoot[root] = p;
                    rootOfPartition[p] = root;
                }
                partitionOf[i] = p;
                memberCount[p]++;
            }
            int[][] members = new int[partitions][];
            for (int p = 0; p < partitions; p++) members[p] = new int[memberCount[p]];
            int[] filled = new int[partitions];
            for (int i = 0; i < size; i++) {
                int p = partitionOf[i];
                members[p][filled[p]++] = i;
            }
            List<List<String>> keysOfPartition = new ArrayList<>(partitions);
            for (int p = 0; p < partitions; p++) keysOfPartition.add(new ArrayList<>());
            if (!wholeObject) {
                for (int k = 0; k < keyNames.size(); k++) {
                    int p = partitionOfRoot[find(k)];
                    if (p >= 0) keysOfPartition.get(p).add(keyNames.get(k));
                }
            }
            List<Task<S, C>> tasks = new ArrayList<>(partitions);
            // global command id -> the partition's own, -1 = not in it yet: one array for all the
            // partitions, each resetting only what it set. One per partition cost partitions x commands:
            // a million-op kv history (1,000 partitions, ~840,000 distinct commands) allocated and filled
            // 3.4 GB, most of it straight into the old generation, and spent most of its time in GC
            int[] localCommand = new int[commandList.size()];
            Arrays.fill(localCommand, -1);
            for (int p = 0; p < partitions; p++) {
                String label = wholeObject ? "all" : label(keysOfPartition.get(p));
                tasks.add(new Task<>(tasks.size(), label, members[p], this, model, memory.account(), localCommand));
            }
            return tasks;
        }

        private static String label(List<String> keys) {
            List<String> sorted = new ArrayList<>(keys);
            sorted.sort(null);
            String joined = sorted.size() <= 5 ? String.join(", ", sorted)
                    : String.join(", ", sorted.subList(0, 5)) + ", … (" + sorted.size() + " keys)";
            return (sorted.size() == 1 ? "key " : "keys ") + joined;
        }
    }

    /** One partition's search and what it found. */
    private static final class Task<S, C> {
        final int index;
        final String label;
        final OpRef[] refs;       // by search number: definite ops (by invoke), then unknown ones
        final int definite;
        final long[] callTime;
        final long[] returnTime;
        final int[] cmd;
        final boolean[] observer;
        /** Null once the partition is found linearizable and no linearization is wanted (released). */
        StateTable<S, C> table;
        final int initialState;
        /** What this partition's state table and memos hold of the memory budget. */
        final MemoryBudget.Account account;
        PartitionSearch search;
        PartitionSearch.Status status;
        long explored;

        /** @param localCommand all -1, and left so: global command id -> this partition's, while it is built */
        Task(int index, String label, int[] members, Compiled<C> compiled, Model<S, C> model, MemoryBudget.Account account,
             int[] localCommand) {
            this.index = index;
            this.label = label;
            this.account = account;
            int n = members.length;
            // definite ops, then unknown ones, each by invocation time, then history position
            // (members come in history order and the sort is stable)
            int[] order = new int[n];
            long[] invoke = new long[n];
            int d = 0;
            for (int m : members) {
                if (!compiled.unknown[m]) order[d++] = m;
            }
            definite = d;
            for (int m : members) {
                if (compiled.unknown[m]) order[d++] = m;
            }
            for (int i = 0; i < n; i++) invoke[i] = compiled.refs[order[i]].invokeTs();
            StableSort.byKey(order, invoke, 0, definite);
            StableSort.byKey(order, invoke, definite, n);
            refs = new OpRef[n];
            callTime = new long[n];
            returnTime = new long[n];
            cmd = new int[n];
            List<C> commands = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int m = order[i];
                OpRef r = compiled.refs[m];
                refs[i] = r;
                callTime[i] = r.invokeTs();
                returnTime[i] = i < definite ? (r.completeTs() == null ? Long.MAX_VALUE : r.completeTs()) : Long.MAX_VALUE;
                int global = compiled.commands[m];
                int local = localCommand[global];
                if (local < 0) {
                    local = commands.size();
                    localCommand[global] = local;
                    commands.add(compiled.commandList.get(global));
                }
                cmd[i] = local;
            }
            for (int i = 0; i < n; i++) localCommand[compiled.commands[order[i]]] = -1;
            table = new StateTable<>(model, commands, account);
            observer = new boolean[commands.size()];
            for (int c = 0; c < observer.length; c++) observer[c] = !model.mutates(commands.get(c));
            initialState = table.intern(model.initialState());
        }

        int size() {
            return refs.length;
        }

        void run(boolean witness, boolean lookAhead, java.util.function.BooleanSupplier stop) {
            search = new PartitionSearch(definite, callTime, returnTime, cmd, observer, table, initialState, stop, account);
            if (witness) search.keepLinearization();
            if (lookAhead) search.lookAhead();
            status = search.run();
            explored = search.explored();
            // a partition found linearizable is done: nothing reads its search or state table again
            // unless its linearization is wanted, so they are released now rather than when the last
            // partition ends. Kept, a million-op kv history's 1,000 tables (dense transition rows,
            // states x commands ints) held about 750 MB at the end of the search
            if (status == PartitionSearch.Status.VALID && !witness) {
                search = null;
                table = null;
                account.close(); // and their share of the memory budget goes back to the partitions still searching
            }
        }

        /** After an INVALID {@link #run}: the search that explains the failure, one without look-ahead. */
        void explain(java.util.function.BooleanSupplier stop) {
            if (!search.looksAhead()) return; // it already was a search without look-ahead
            PartitionSearch plain = new PartitionSearch(definite, callTime, returnTime, cmd, observer, table, initialState,
                    stop, account);
            if (plain.run() != PartitionSearch.Status.INVALID) return; // out of budget: keep what the first search found
            search = plain;
            explored += plain.explored();
        }

        /** The order the search found for this (linearizable) partition, with the state after each op. */
        Linearization.Partition linearization(Model<S, C> model) {
            List<LinearizabilityCounterexample.Step> steps = new ArrayList<>();
            int state = initialState;
            for (int op : search.linearization()) {
                state = table.step(state, cmd[op]);
                steps.add(new LinearizabilityCounterexample.Step(refs[op], model.describe(table.command(cmd[op])),
                        model.describeState(table.state(state))));
            }
            return new Linearization.Partition(label, model.describeState(table.state(initialState)), steps);
        }

        LinearizabilityCounterexample.PartitionFailure failure(Model<S, C> model, boolean exhausted) {
            List<LinearizabilityCounterexample.Prefix> prefixes = new ArrayList<>();
            for (int[] p : search.longestPrefixes()) prefixes.add(prefix(model, p, exhausted));
            return new LinearizabilityCounterexample.PartitionFailure(label, refs.length, search.explored(), prefixes);
        }

        private LinearizabilityCounterexample.Prefix prefix(Model<S, C> model, int[] ops, boolean exhausted) {
            boolean[] placed = new boolean[refs.length];
            List<LinearizabilityCounterexample.Step> steps = new ArrayList<>(ops.length);
            int state = initialState;
            for (int op : ops) {
                state = table.step(state, cmd[op]);
                placed[op] = true;
                steps.add(new LinearizabilityCounterexample.Step(refs[op], model.describe(table.command(cmd[op])),
                        model.describeState(table.state(state))));
            }
            List<LinearizabilityCounterexample.Blocked> blocked = new ArrayList<>();
            LinearizabilityCounterexample.Step mustPrecede = null;
            if (!exhausted) {
                int blocker = -1;
                for (int i = 0; i < definite; i++) {
                    if (!placed[i] && (blocker < 0 || search.returnPosition(i) < search.returnPosition(blocker))) blocker = i;
                }
                if (blocker >= 0) {
                    mustPrecede = new LinearizabilityCounterexample.Step(refs[blocker],
                            model.describe(table.command(cmd[blocker])), null);
                    // by invocation time, then op number (candidates are collected in op-number order)
                    int[] candidates = new int[refs.length];
                    long[] invoked = new long[refs.length];
                    int count = 0;
                    for (int i = 0; i < refs.length; i++) {
                        if (!placed[i] && search.callPrecedesReturn(i, blocker)) {
                            invoked[count] = refs[i].invokeTs();
                            candidates[count++] = i;
                        }
                    }
                    StableSort.byKey(candidates, invoked, 0, count);
                    String stateText = model.describeState(table.state(state));
                    for (int c = 0; c < count; c++) {
                        int i = candidates[c];
                        if (blocked.size() == MAX_CANDIDATES_LISTED) break;
                        int after = table.step(state, cmd[i]);
                        String reason = after < 0 ? "impossible in state " + stateText
                                : "takes effect (state " + model.describeState(table.state(after))
                                + ") but every continuation from there fails";
                        blocked.add(new LinearizabilityCounterexample.Blocked(refs[i], model.describe(table.command(cmd[i])), reason));
                    }
                }
            }
            return new LinearizabilityCounterexample.Prefix(model.describeState(table.state(initialState)), steps, blocked, mustPrecede);
        }
    }
}
