package dev.falsify.model.vocabulary;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The history models Falsify knows: the data type a history's ops act on, as a §7.M "Model under
 * test" names it, {@code falsify check --model} takes it, each checker declares it in
 * {@code models()}, the checker picker answers for it and the catalog describes its history fields.
 *
 * <p>Each model has one canonical name, the one Falsify writes (check results, {@code check --list},
 * the picker's catalog rows), and aliases: every other spelling a plan, a command or an older version
 * used, so old plans and commands keep working. The canonical names are the ones the checkers have
 * always written into results and check.json files ({@code kv}, {@code mutex}: Porcupine's and
 * Knossos's names); the plan format's {@code map} and {@code lock} are aliases of them.
 * {@code HistoryModelTest} pins every name and alias.
 *
 * <p>Two readings: {@link #of} takes a name as given to a command ({@code --model map}) and accepts
 * exactly a name or an alias; {@link #find} reads the free text of a §7.M field ({@code "cas-register
 * (one key)"}, {@code "a KV map"}) and takes the model named earliest in it — the longer name where
 * two start at one place — ignoring the aliases that are ordinary words in a sentence ("append",
 * "stream").
 *
 * <p>Adding a model is one constant here; then list it in the {@code models()} of the checkers that
 * take it, add a rule to {@code CheckerPicker} when the spec pairs it with a claim category, and an
 * entry to the catalog's {@code models.yaml} for its history fields (the catalog refuses names that
 * are not canonical here).
 */
public enum HistoryModel {
    /** A single read/write register. */
    REGISTER("register", List.of("registers"), List.of("rw-register-single", "read-write-register")),
    /** A register with compare-and-set. */
    CAS_REGISTER("cas-register", List.of("cas", "compare-and-set"), List.of()),
    /** Several registers read and written together by transactions ({@code txn} ops). */
    MULTI_REGISTER("multi-register", List.of("multiregister"), List.of()),
    /** A key-value map: per-key registers (Porcupine's kv model); the plan format's {@code map}. */
    KV("kv", List.of("map", "key-value", "key value", "kv-store"), List.of("map / kv")),
    /** A lock (Knossos's mutex): acquire/release. */
    MUTEX("mutex", List.of("lock"), List.of()),
    /** A FIFO queue: enqueue/dequeue. */
    QUEUE("queue", List.of("fifo", "fifo-queue"), List.of()),
    /** A set: add/remove/read. */
    SET("set", List.of(), List.of()),
    /** A counter: inc/read. */
    COUNTER("counter", List.of(), List.of()),
    /** An append-only log: append/read with offsets. */
    LOG("log", List.of("append-log"), List.of("append", "log/append", "stream")),
    /** A lease: acquire/renew/release at lease-TTL precision. */
    LEASE("lease", List.of(), List.of()),
    /** Per-client sessions over a keyed store (read-your-writes, monotonic reads). */
    SESSION("session", List.of(), List.of()),
    /** A membership table: join/leave/view. */
    MEMBERSHIP_TABLE("membership-table", List.of("membership"), List.of()),
    /**
     * A ledger of accounts: credit/debit/balance with idempotency keys. {@code bank} was an alias until
     * Jepsen's bank workload, a different history, became {@link #BANK}.
     */
    LEDGER("ledger", List.of(), List.of("dedup")),
    /** Elle's list-append: a map of lists changed by transactions of appends and reads. */
    LIST_APPEND("list-append", List.of(), List.of()),
    /** Elle's rw-register: a map of registers changed by transactions of reads and writes. */
    RW_REGISTER("rw-register", List.of(), List.of()),
    /** Jepsen's bank: transfers between accounts and reads of every balance, whose sum never changes. */
    BANK("bank", List.of(), List.of()),
    /** Jepsen's long-fork: txns that write one fresh key once, and txns that read groups of keys. */
    LONG_FORK("long-fork", List.of(), List.of()),
    /** Jepsen's unique-ids: an id generator's {@code generate} ops, each returning an id. */
    UNIQUE_IDS("unique-ids", List.of("unique-id", "id-generator"), List.of());

    private final String id;
    private final List<String> aliases;
    private final List<String> exactAliases;

    /**
     * @param id           the canonical name
     * @param aliases      other names, also looked for inside a sentence by {@link #find}
     * @param exactAliases other names accepted only as the whole value: ordinary words in a sentence
     */
    HistoryModel(String id, List<String> aliases, List<String> exactAliases) {
        this.id = id;
        this.aliases = aliases;
        this.exactAliases = exactAliases;
    }

    /** The canonical name ({@code kv}). */
    public String id() {
        return id;
    }

    /** Every other name this model answers to, in the order above. */
    public List<String> aliases() {
        List<String> out = new ArrayList<>(aliases);
        out.addAll(exactAliases);
        return out;
    }

    /** True when {@code name} is this model's canonical name or one of its aliases (case and spaces ignored). */
    public boolean answersTo(String name) {
        return of(name).orElse(null) == this;
    }

    @Override
    public String toString() {
        return id;
    }

    /** Every canonical name, in declaration order. */
    public static List<String> ids() {
        return ids(List.of(values()));
    }

    /** The canonical names of {@code models}, in their order. */
    public static List<String> ids(List<HistoryModel> models) {
        List<String> out = new ArrayList<>(models.size());
        for (HistoryModel m : models) out.add(m.id);
        return List.copyOf(out);
    }

    /** The model a name or alias names, as given to a command ({@code "map"} → {@link #KV}); empty when none does. */
    public static Optional<HistoryModel> of(String name) {
        if (name == null) return Optional.empty();
        String n = name.strip().toLowerCase(Locale.ROOT);
        for (HistoryModel m : values()) {
            if (m.id.equals(n) || m.aliases.contains(n) || m.exactAliases.contains(n)) return Optional.of(m);
        }
        return Optional.empty();
    }

    /** The canonical name of a name or alias, or null when it names no model. */
    public static String canonical(String name) {
        return of(name).map(HistoryModel::id).orElse(null);
    }

    /**
     * The model a §7.M {@code Model under test} value names: the whole value as a name or alias, else
     * the name or (non-exact) alias found earliest as a whole word, the longer at one position
     * ({@code "cas-register (one key)"} → {@link #CAS_REGISTER}, {@code "a mutex"} → {@link #MUTEX},
     * {@code "other(foo)"} → empty). Letters, digits, '-' and '_' are word characters.
     */
    public static Optional<HistoryModel> find(String text) {
        Optional<HistoryModel> exact = of(text);
        if (exact.isPresent() || text == null) return exact;
        String t = text.toLowerCase(Locale.ROOT);
        HistoryModel best = null;
        int bestAt = Integer.MAX_VALUE;
        int bestLength = 0;
        for (HistoryModel m : values()) {
            for (int k = -1; k < m.aliases.size(); k++) {
                String word = k < 0 ? m.id : m.aliases.get(k);
                int at = indexOfWord(t, word);
                if (at >= 0 && (at < bestAt || (at == bestAt && word.length() > bestLength))) {
                    best = m;
                    bestAt = at;
                    bestLength = word.length();
                }
            }
        }
        return Optional.ofNullable(best);
    }

    /** Index of {@code word} in {@code text} at word boundaries (letters, digits, '-' and '_' are word characters), or -1. */
    static int indexOfWord(String text, String word) {
        int from = 0;
        while (true) {
            int i = text.indexOf(word, from);
            if (i < 0) return -1;
            int end = i + word.length();
            boolean startOk = i == 0 || !isWordChar(text.charAt(i - 1));
            boolean endOk = end >= text.length() || !isWordChar(text.charAt(end));
            if (startOk && endOk) return i;
            from = i + 1;
        }
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '-' || c == '_';
    }
}
