package dev.falsify.runner.run;

import dev.falsify.model.plan.run.ClusterVocabulary;
import dev.falsify.model.plan.run.RunSpec;
import dev.falsify.model.session.SessionWriter;
import dev.falsify.model.verdict.FaultEvidence;
import dev.falsify.model.verdict.LandingReading;
import dev.falsify.runner.cluster.Cluster;
import dev.falsify.runner.cluster.DropWindow;
import dev.falsify.runner.cluster.PartitionShapes;
import dev.falsify.runner.cluster.QdiscWindow;
import dev.falsify.runner.events.RunEvent;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The partition and packet faults of a seed with a netns cluster: injected inside the node namespaces, their
 * landing read from the rules' packet counters (partition, loss) or the qdisc's statistics (bandwidth, netem)
 * before, during (mid-window) and at the end of the window, and written to
 * {@code artifacts/<label>.<fault>.cluster.json}.
 */
final class ClusterFaults {
    private final SeedScope scope;
    private final Cluster cluster;
    private final WorkloadWindow workload;

    ClusterFaults(SeedScope scope, Cluster cluster, WorkloadWindow workload) {
        this.scope = scope;
        this.cluster = cluster;
        this.workload = workload;
    }

    void partition(RunSpec.Fault f, RunSpec.PartitionAction pa, FaultSchedule.Entry en, FaultObservation o) throws InterruptedException {
        if (noCluster(o)) return;
        ClusterVocabulary.Shape shape = ClusterVocabulary.Shape.of(pa.shape()).orElseThrow();
        List<String> nodes = pa.nodes().isEmpty() ? cluster.netnsNodes() : pa.nodes();
        Map<String, Set<String>> grudge = PartitionShapes.grudge(shape, nodes, pa.node(), pa.from(), pa.to());
        DropWindow w;
        try {
            w = DropWindow.partition(cluster, grudge);
        } catch (Cluster.SetupException e) {
            notInjected(f, o, e.getMessage());
            return;
        }
        String target = shape.id() + (pa.node() != null ? " " + pa.node() : "") + ": " + String.join(", ", PartitionShapes.describe(grudge));
        drops(f, en, o, w, "partition " + target, shape != ClusterVocabulary.Shape.ONE_WAY);
    }

    void net(RunSpec.Fault f, RunSpec.NetAction na, FaultSchedule.Entry en, FaultObservation o) throws InterruptedException {
        if (noCluster(o)) return;
        ClusterVocabulary.NetKind kind = ClusterVocabulary.NetKind.of(na.kind()).orElseThrow();
        List<String> nodes = na.nodes().isEmpty() ? cluster.netnsNodes() : na.nodes();
        try {
            if (kind == ClusterVocabulary.NetKind.LOSS) {
                int percent = Integer.parseInt(na.params().getOrDefault("percent", kind.param("percent").orElseThrow().defaultValue()));
                drops(f, en, o, DropWindow.loss(cluster, nodes, percent), "loss " + percent + " % into " + String.join(", ", nodes), false);
            } else {
                qdisc(f, en, o, QdiscWindow.start(cluster, kind, na.params(), nodes), kind, na.params());
            }
        } catch (Cluster.SetupException e) {
            notInjected(f, o, e.getMessage());
        }
    }

    private void drops(RunSpec.Fault f, FaultSchedule.Entry en, FaultObservation o, DropWindow w, String target, boolean pairs)
            throws InterruptedException {
        o.injectNanos = System.nanoTime();
        o.injected = true;
        scope.publish(new RunEvent.FaultInjected(now(), scope.label(), f.name(), "netns DROP rules", target, en.describe()));
        long windowEnd = o.injectNanos + en.forMs() * 1_000_000L;
        workload.waitUntil(o.injectNanos + en.forMs() * 500_000L);
        Map<DropWindow.Link, DropWindow.Count> during = w.read();
        workload.waitUntil(windowEnd);
        Map<DropWindow.Link, DropWindow.Count> last = w.heal();
        o.healNanos = System.nanoTime();
        o.healed = true;
        scope.publish(new RunEvent.FaultHealed(now(), scope.label(), f.name(), "rules removed"));
        // a two-way cut is proven per node pair (one side may simply have nothing to send); a one-way drop or a
        // loss rule per rule
        Map<String, Long> proof = new LinkedHashMap<>();
        StringBuilder summary = new StringBuilder();
        for (DropWindow.Link l : w.links()) {
            DropWindow.Count mid = during.get(l);
            DropWindow.Count end = last.get(l);
            long packets = end == null ? 0 : end.packets();
            String key = pairs ? pairKey(l) : l.label();
            proof.merge(key, packets, Long::sum);
            o.reading(new LandingReading(Instant.now().toString(), l.label() + " packets dropped (iptables rule in "
                    + l.receiver() + "'s namespace)", "0", (mid == null ? "?" : String.format("%,d", mid.packets())) + " mid-window → "
                    + (end == null ? "unreadable" : String.format("%,d packets, %,d bytes", end.packets(), end.bytes())),
                    "packets > 0", packets > 0));
            if (summary.length() > 0) summary.append("; ");
            summary.append(l.label()).append(": 0 → ").append(String.format("%,d", packets)).append(" packets dropped");
        }
        long unproven = proof.values().stream().filter(v -> v == 0).count();
        boolean landed = !proof.isEmpty() && unproven == 0;
        o.landing = landed ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = summary + (landed ? "" : " — fault not proven: " + unproven + " of " + proof.size()
                + (pairs ? " cut node pairs" : " rules") + " dropped nothing");
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("fault", f.name());
        json.put("target", target);
        json.put("cluster", cluster.id());
        json.put("landed", landed);
        Map<String, Object> rules = new LinkedHashMap<>();
        for (DropWindow.Link l : w.links()) {
            DropWindow.Count mid = during.get(l);
            DropWindow.Count end = last.get(l);
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("before", 0);
            r.put("during", mid == null ? -1 : mid.packets());
            r.put("after", end == null ? -1 : end.packets());
            r.put("bytes_after", end == null ? -1 : end.bytes());
            rules.put(l.label(), r);
        }
        json.put("rules", rules);
        scope.writeJson(artifact(f), json);
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), landed, o.summary));
    }

    private void qdisc(RunSpec.Fault f, FaultSchedule.Entry en, FaultObservation o, QdiscWindow w, ClusterVocabulary.NetKind kind,
            Map<String, String> params) throws InterruptedException {
        o.injectNanos = System.nanoTime();
        o.injected = true;
        scope.publish(new RunEvent.FaultInjected(now(), scope.label(), f.name(), "netns qdisc " + kind.id(),
                String.join(", ", w.nodes()), params.toString()));
        workload.waitUntil(o.injectNanos + en.forMs() * 1_000_000L);
        Map<String, QdiscWindow.Stats> last = w.heal();
        o.healNanos = System.nanoTime();
        o.healed = true;
        scope.publish(new RunEvent.FaultHealed(now(), scope.label(), f.name(), "qdisc removed"));
        boolean landed = !w.nodes().isEmpty();
        StringBuilder summary = new StringBuilder();
        for (String n : w.nodes()) {
            QdiscWindow.Stats s = last.get(n);
            // tbf proves itself by throttling (overlimits or drops); netem acts on every packet it sends
            boolean acted = s != null && (kind == ClusterVocabulary.NetKind.BANDWIDTH ? s.overlimits() + s.dropped() > 0 : s.packets() > 0);
            landed &= acted;
            String during = s == null ? "unreadable" : String.format("%,d packets, %,d bytes sent, %,d dropped, %,d overlimits",
                    s.packets(), s.bytes(), s.dropped(), s.overlimits());
            o.reading(new LandingReading(Instant.now().toString(), n + " " + kind.id() + " qdisc statistics", "0", during,
                    kind == ClusterVocabulary.NetKind.BANDWIDTH ? "overlimits + dropped > 0" : "packets > 0", acted));
            if (summary.length() > 0) summary.append("; ");
            summary.append(n).append(": ").append(during);
        }
        o.landing = landed ? FaultEvidence.Landing.PROVEN : FaultEvidence.Landing.NOT_PROVEN;
        o.summary = summary.toString();
        scope.writeJson(artifact(f), Map.of("fault", f.name(), "kind", kind.id(), "cluster", cluster.id(), "landed", landed,
                "qdisc", last));
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), landed, o.summary));
    }

    private static String pairKey(DropWindow.Link l) {
        return l.sender().compareTo(l.receiver()) < 0 ? l.sender() + "|" + l.receiver() : l.receiver() + "|" + l.sender();
    }

    private java.nio.file.Path artifact(RunSpec.Fault f) {
        return scope.artifacts().resolve(scope.label() + "." + SessionWriter.fileNamePart(f.name()) + ".cluster.json");
    }

    private boolean noCluster(FaultObservation o) {
        if (cluster != null) return false;
        o.notInjectedBecause = "the run has no netns cluster";
        o.landing = FaultEvidence.Landing.NOT_PROVEN;
        return true;
    }

    private void notInjected(RunSpec.Fault f, FaultObservation o, String why) {
        o.notInjectedBecause = why;
        o.landing = FaultEvidence.Landing.NOT_PROVEN;
        scope.publish(new RunEvent.LandingChecked(now(), scope.label(), f.name(), false, why));
    }

    private static long now() {
        return System.currentTimeMillis();
    }
}
