package dev.falsify.model.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The one list of history models. Five places used to name them (the picker, the linearizability
 * checker, the catalog, the checkers' models() and check's help) with different canonical names: the
 * picker and the catalog wrote {@code map} and {@code lock}, the checker {@code kv} and {@code mutex}.
 * The decision pinned here: {@code kv} and {@code mutex} are canonical (what check results and
 * check.json files have always said), every other spelling any of the five accepted is an alias.
 */
class HistoryModelTest {

    private static String found(String text) {
        return HistoryModel.find(text).map(HistoryModel::id).orElse(null);
    }

    /** Moved from CheckerPickerTest; "a mutex" read as "lock" there, the picker's canonical name then. */
    @Test
    void modelsAreReadFromFreeText() {
        assertThat(found("cas-register (one key; get = read)")).isEqualTo("cas-register");
        assertThat(found("kv (20 keys, put only)")).isEqualTo("kv");
        assertThat(found("a mutex")).isEqualTo("mutex");
        assertThat(found("other(foo)")).isNull();
    }

    @Test
    void theCanonicalNames() {
        assertThat(HistoryModel.ids()).containsExactly("register", "cas-register", "multi-register", "kv", "mutex",
                "queue", "set", "counter", "log", "lease", "session", "membership-table", "ledger", "list-append",
                "rw-register", "bank", "long-fork", "unique-ids");
    }

    /**
     * Jepsen's workloads (issue 30) whose checkers take a model of their own: {@code bank} is Jepsen's bank
     * (transfers and reads of every balance), no longer an alias of the ledger (credits and debits with
     * idempotency keys), whose checkers — exactly-once, final-state-invariant — cannot read a bank history.
     */
    @Test
    void jepsenWorkloadModels() {
        assertThat(HistoryModel.canonical("bank")).isEqualTo("bank");
        assertThat(HistoryModel.LEDGER.aliases()).containsExactly("dedup");
        assertThat(HistoryModel.canonical("long-fork")).isEqualTo("long-fork");
        for (String id : List.of("unique-ids", "unique-id", "id-generator", " Unique-IDs ")) {
            assertThat(HistoryModel.canonical(id)).as(id).isEqualTo("unique-ids");
        }
        assertThat(found("Jepsen's bank: 8 accounts, total 100")).isEqualTo("bank");
        assertThat(found("ledger (bank accounts)")).isEqualTo("ledger");
        assertThat(found("a snowflake id-generator")).isEqualTo("unique-ids");
        assertThat(found("long-fork (groups of 3 keys)")).isEqualTo("long-fork");
    }

    @Test
    void everyNameAnyPlaceAcceptedBeforeIsAnAlias() {
        Map<String, String> old = new HashMap<>();
        // CheckerPicker.MODELS and its fall-backs
        for (String m : List.of("register", "cas-register", "multi-register", "queue", "log", "lease", "session",
                "membership-table", "counter", "ledger", "set")) old.put(m, m);
        old.put("map", "kv");
        old.put("kv", "kv");
        old.put("lock", "mutex");
        old.put("mutex", "mutex");
        old.put("key-value", "kv");
        old.put("key value", "kv");
        old.put("membership", "membership-table");
        old.put("registers", "register");
        // lin/Models.canonicalName
        old.put("rw-register-single", "register");
        old.put("read-write-register", "register");
        old.put("cas", "cas-register");
        old.put("compare-and-set", "cas-register");
        old.put("multiregister", "multi-register");
        old.put("kv-store", "kv");
        old.put("fifo", "queue");
        old.put("fifo-queue", "queue");
        old.put("append", "log");
        old.put("append-log", "log");
        old.put("log/append", "log");
        // catalog/models.yaml
        old.put("map / kv", "kv");
        old.put("stream", "log");
        // "bank" was an alias of ledger here; it is Jepsen's bank now (jepsenWorkloadModels)
        // the checkers' models()
        old.put("list-append", "list-append");
        old.put("rw-register", "rw-register");
        old.put("dedup", "ledger");
        old.forEach((name, model) -> {
            assertThat(HistoryModel.canonical(name)).as(name).isEqualTo(model);
            assertThat(HistoryModel.canonical(" " + name.toUpperCase() + " ")).as(name + ", any case").isEqualTo(model);
            assertThat(found(name)).as(name + " as a whole §7.M value").isEqualTo(model);
        });
    }

    @Test
    void noNameNamesTwoModels() {
        Map<String, HistoryModel> seen = new HashMap<>();
        for (HistoryModel m : HistoryModel.values()) {
            assertThat(seen.put(m.id(), m)).as(m.id()).isNull();
            for (String a : m.aliases()) assertThat(seen.put(a, m)).as(a).isNull();
        }
    }

    @Test
    void proseTakesTheEarliestNameAndSkipsOrdinaryWords() {
        assertThat(found("KV map, 20 keys")).isEqualTo("kv");
        assertThat(found("a key-value store replicated through a log")).isEqualTo("kv");
        assertThat(found("CAS register")).isEqualTo("cas-register");
        assertThat(found("lock (lease-based, etcd)")).isEqualTo("mutex");
        assertThat(found("lease-based lock")).isEqualTo("mutex");
        assertThat(found("a lease on a lock")).isEqualTo("lease");
        // "append" and "stream" are words in a sentence, not names there
        assertThat(found("list append over a map")).isEqualTo("kv");
        assertThat(found("the event stream of a queue")).isEqualTo("queue");
        // a hyphenated word is one word
        assertThat(found("mutex-free counter")).isEqualTo("counter");
    }
}
