package dev.falsify.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CatalogSearchTest {
    private final Catalog catalog = Catalog.standard();

    private List<String> ids(String query) {
        return catalog.search(query).stream().map(h -> h.entry().id()).toList();
    }

    @Test
    void theEntryNamedByTheTermsComesFirst() {
        assertThat(ids("lost update").get(0)).isEqualTo("PF01");
        assertThat(ids("stale reads").get(0)).isEqualTo("PF02");
        assertThat(ids("clock skew lease")).first().isEqualTo("PF11");
        assertThat(ids("kill").get(0)).isEqualTo("N01");
        assertThat(ids("yuan").get(0)).isEqualTo("yuan-osdi14");
    }

    @Test
    void aSystemOrProtocolNameFindsWhatItDoesAndADirectHitRanksFirst() {
        List<SearchHit> raft = catalog.search("raft");
        assertThat(raft).isNotEmpty();
        assertThat(raft.get(0).entry().title() + " " + raft.get(0).entry().summary()).containsIgnoringCase("leader");
        assertThat(ids("etcd")).isNotEmpty();
        assertThat(ids("zookeeper")).isNotEmpty();
        // with another term the name still has to mean something: raft + partition finds leader/partition entries
        assertThat(ids("raft partition")).isNotEmpty();
        // a word the catalog has is scored as itself, not through a synonym: same hits as before
        assertThat(ids("leader")).isEqualTo(catalog.search("leader").stream().map(h -> h.entry().id()).toList());
        assertThat(ids("xyzzy-no-such-system")).isEmpty();
    }

    @Test
    void anExactIdFindsOnlyThatEntryWhateverTheCase() {
        assertThat(ids("PF03")).containsExactly("PF03");
        assertThat(ids("n07")).containsExactly("N07");
        assertThat(ids("taxdc:timing")).containsExactly("taxdc:timing");
    }

    @Test
    void everyTermMustMatch() {
        assertThat(ids("partition")).contains("N07", "N16", "PF16");
        assertThat(ids("partition zzzqx")).isEmpty();
        assertThat(ids("partition lease")).doesNotContain("N07");
    }

    @Test
    void pluralsAndPrefixesMatchButWholeWordsRankHigher() {
        assertThat(ids("partitions")).isEqualTo(ids("partition"));
        List<SearchHit> prefix = catalog.search("partit");
        assertThat(prefix).extracting(h -> h.entry().id()).contains("N07");
        double whole = catalog.search("partition").stream().filter(h -> h.entry().id().equals("N07")).findFirst()
                .orElseThrow().score();
        double partial = prefix.stream().filter(h -> h.entry().id().equals("N07")).findFirst().orElseThrow().score();
        assertThat(whole).isGreaterThan(partial);
    }

    @Test
    void explanatoryEntriesOutrankPickerRowsForACheckerName() {
        List<String> hits = ids("linearizability");
        assertThat(hits.subList(0, 2)).containsExactlyInAnyOrder("T1", "O01");
        assertThat(hits).contains("PK-register-safety");
    }

    @Test
    void stopWordsAreIgnoredUnlessTheyAreAllThereIs() {
        assertThat(ids("the lost update")).isEqualTo(ids("lost update"));
        assertThat(catalog.search(List.of("   "))).isEmpty();
        assertThat(catalog.search(List.of())).isEmpty();
    }

    @Test
    void kindsFilterTheResults() {
        List<SearchHit> nemeses = catalog.search(List.of("partition"), Set.of(EntryKind.NEMESIS));
        assertThat(nemeses).isNotEmpty().allMatch(h -> h.entry().kind() == EntryKind.NEMESIS);
        assertThat(EntryKind.fromWord("pitfalls")).isEqualTo(EntryKind.PITFALL);
    }

    @Test
    void resultsAreOrderedByScoreThenKindThenId() {
        List<SearchHit> hits = catalog.search("blame");
        assertThat(hits).extracting(h -> h.entry().id())
                .containsExactly("blame:SUT", "blame:checker", "blame:environment", "blame:harness", "blame:unknown");
        for (int i = 1; i < hits.size(); i++) {
            assertThat(hits.get(i - 1).score()).isGreaterThanOrEqualTo(hits.get(i).score());
        }
    }

    @Test
    void matchedFieldsSayWhereTheTermsWereFound() {
        SearchHit hit = catalog.search("lost update").get(0);
        assertThat(hit.matchedIn()).containsExactly("title");
        assertThat(catalog.search("PF01").get(0).matchedIn()).containsExactly("id");
    }
}
