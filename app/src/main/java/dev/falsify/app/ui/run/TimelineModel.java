package dev.falsify.app.ui.run;

import dev.falsify.runner.events.RunEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the timeline draws, built from the runner's typed {@link RunEvent}s (live, or read back from a
 * session's timeline): one lane per scenario seed and per process, process lifetimes, fault bands
 * from inject to heal with their landing readings, and markers for readiness, oracle results,
 * verdicts, steps and marked log lines. FX thread only; plain log lines are the log viewer's.
 */
public final class TimelineModel {
    public enum LaneKind { SCENARIO, PROCESS }

    public enum MarkerKind { START, READY, STEP, LOG, ERROR, LANDING, ORACLE, END, VERDICT }

    /** A marker at a time on a lane, with the event it came from. */
    public record Marker(long at, MarkerKind kind, RunEvent event) {
    }

    /** A process's lifetime; {@code end} is -1 while it runs. */
    public static final class Span {
        final long start;
        long end = -1;
        String how = "";

        Span(long start) {
            this.start = start;
        }

        public long start() {
            return start;
        }

        public long end() {
            return end;
        }
    }

    /** A fault window on one seed: inject → heal ({@code heal} -1 while active), and its landing readings. */
    public static final class Band {
        final String seed;
        final RunEvent.FaultInjected injected;
        long heal = -1;
        final List<RunEvent.LandingChecked> readings = new ArrayList<>();

        Band(String seed, RunEvent.FaultInjected injected) {
            this.seed = seed;
            this.injected = injected;
        }

        public String seed() {
            return seed;
        }

        public String fault() {
            return injected.fault();
        }

        public long inject() {
            return injected.atMs();
        }

        public long heal() {
            return heal;
        }

        public RunEvent.FaultInjected injected() {
            return injected;
        }

        public List<RunEvent.LandingChecked> readings() {
            return Collections.unmodifiableList(readings);
        }

        /** Landing as the latest reading says: true, false, or null before any reading. */
        public Boolean landed() {
            return readings.isEmpty() ? null : readings.get(readings.size() - 1).landed();
        }
    }

    /** One row of the timeline. */
    public static final class Lane {
        final String seed;
        final String process;
        final LaneKind kind;
        final List<Marker> markers = new ArrayList<>();
        final List<Span> spans = new ArrayList<>();
        String verdict = "";

        Lane(String seed, String process, LaneKind kind) {
            this.seed = seed;
            this.process = process;
            this.kind = kind;
        }

        public String seed() {
            return seed;
        }

        public String process() {
            return process;
        }

        public LaneKind kind() {
            return kind;
        }

        public String label() {
            return kind == LaneKind.SCENARIO ? (seed.isEmpty() ? "run" : seed) : "  " + process;
        }

        public List<Marker> markers() {
            return Collections.unmodifiableList(markers);
        }

        public List<Span> spans() {
            return Collections.unmodifiableList(spans);
        }

        /** The seed's outcome once it ended ({@code clean}, {@code violation}, {@code error}), else empty. */
        public String verdict() {
            return verdict;
        }

        /** Index of the first marker at or after {@code t} (markers are kept in time order). */
        int firstAtOrAfter(long t) {
            int lo = 0;
            int hi = markers.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (markers.get(mid).at() < t) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }

        void add(Marker m) {
            int n = markers.size();
            if (n == 0 || markers.get(n - 1).at() <= m.at()) {
                markers.add(m);
            } else {
                markers.add(firstAtOrAfter(m.at() + 1), m); // a little out of order across threads
            }
        }
    }

    private final List<Lane> lanes = new ArrayList<>();
    private final Map<String, Lane> byKey = new HashMap<>();
    private final Map<String, List<Band>> bands = new HashMap<>();
    private final List<Band> allBands = new ArrayList<>();
    private long start = Long.MAX_VALUE;
    private long end = Long.MIN_VALUE;
    private long version;
    private String newestSeed;
    private long newestAt = Long.MIN_VALUE;

    public void accept(RunEvent e) {
        if (e instanceof RunEvent.LogLine) return;
        start = Math.min(start, e.atMs());
        end = Math.max(end, e.atMs());
        version++;
        String seed = e.scenario();
        if (e.atMs() >= newestAt) {
            newestAt = e.atMs();
            newestSeed = seed;
        }
        Lane sl = seedLane(seed);
        if (e instanceof RunEvent.ScenarioStarted) {
            sl.add(new Marker(e.atMs(), MarkerKind.START, e));
        } else if (e instanceof RunEvent.ProcessStarted p) {
            Lane pl = processLane(seed, p.process());
            pl.spans.add(new Span(p.atMs()));
            pl.add(new Marker(p.atMs(), MarkerKind.START, e));
        } else if (e instanceof RunEvent.ProcessReady r) {
            processLane(seed, r.process()).add(new Marker(r.atMs(), MarkerKind.READY, e));
        } else if (e instanceof RunEvent.ProcessEnded p) {
            Lane pl = processLane(seed, p.process());
            if (!pl.spans.isEmpty() && pl.spans.get(pl.spans.size() - 1).end < 0) {
                Span s = pl.spans.get(pl.spans.size() - 1);
                s.end = p.atMs();
                s.how = p.describe();
            }
            pl.add(new Marker(p.atMs(), MarkerKind.END, e));
        } else if (e instanceof RunEvent.LogMarker m) {
            processLane(seed, m.process()).add(new Marker(m.atMs(),
                    m.marker().equals("ready-line") ? MarkerKind.LOG : MarkerKind.ERROR, e));
        } else if (e instanceof RunEvent.FaultInjected f) {
            Band b = new Band(seed, f);
            bands.computeIfAbsent(seed, k -> new ArrayList<>()).add(b);
            allBands.add(b);
        } else if (e instanceof RunEvent.FaultHealed h) {
            band(seed, h.fault()).ifPresent(b -> {
                if (b.heal < 0) b.heal = h.atMs();
            });
        } else if (e instanceof RunEvent.LandingChecked l) {
            band(seed, l.fault()).ifPresent(b -> b.readings.add(l));
            sl.add(new Marker(l.atMs(), MarkerKind.LANDING, e));
        } else if (e instanceof RunEvent.OracleChecked) {
            sl.add(new Marker(e.atMs(), MarkerKind.ORACLE, e));
        } else if (e instanceof RunEvent.ScenarioEnded s) {
            sl.verdict = verdictLabel(s);
            sl.add(new Marker(s.atMs(), MarkerKind.VERDICT, e));
            // a process whose end was never reported (a replayed, cut-short session) ends with its seed
            for (Lane l : lanes) {
                if (l.seed.equals(seed)) for (Span sp : l.spans) if (sp.end < 0) sp.end = s.atMs();
            }
        } else if (e instanceof RunEvent.Step) {
            sl.add(new Marker(e.atMs(), MarkerKind.STEP, e));
        }
    }

    /**
     * What a seed's verdict marker says: the runner's verdict, but "stopped" for a seed the user
     * stopped (the runner records it as an error with the note "cancelled"; shown as "error" it read
     * like a failure of the system under test).
     */
    public static String verdictLabel(RunEvent.ScenarioEnded s) {
        return s.verdict().equals("error") && s.note().equals("cancelled") ? "stopped" : s.verdict();
    }

    private Optional<Band> band(String seed, String fault) {
        List<Band> l = bands.getOrDefault(seed, List.of());
        for (int i = l.size() - 1; i >= 0; i--) {
            if (l.get(i).fault().equals(fault)) return Optional.of(l.get(i));
        }
        return Optional.empty();
    }

    private Lane seedLane(String seed) {
        Lane l = byKey.get(seed + "\u0000");
        if (l == null) {
            l = new Lane(seed, "", LaneKind.SCENARIO);
            byKey.put(seed + "\u0000", l);
            lanes.add(l);
        }
        return l;
    }

    private Lane processLane(String seed, String process) {
        String key = seed + "\u0000" + process;
        Lane l = byKey.get(key);
        if (l == null) {
            Lane owner = seedLane(seed);
            l = new Lane(seed, process, LaneKind.PROCESS);
            byKey.put(key, l);
            int at = lanes.indexOf(owner) + 1;
            while (at < lanes.size() && lanes.get(at).seed.equals(seed) && lanes.get(at).kind == LaneKind.PROCESS) at++;
            lanes.add(at, l);
        }
        return l;
    }

    public List<Lane> lanes() {
        return Collections.unmodifiableList(lanes);
    }

    public List<Band> bands(String seed) {
        return Collections.unmodifiableList(bands.getOrDefault(seed, List.of()));
    }

    public List<Band> bands() {
        return Collections.unmodifiableList(allBands);
    }

    public boolean isEmpty() {
        return start == Long.MAX_VALUE;
    }

    /** Epoch ms of the first event. */
    public long start() {
        return isEmpty() ? 0 : start;
    }

    /** Epoch ms of the latest event. */
    public long end() {
        return isEmpty() ? 0 : end;
    }

    /**
     * The seed a followed view shows: the running seed (no verdict yet) with the newest event, else
     * the seed of the newest event (after the run, the last one that ran), else null (no events).
     * Several seeds run at once when the runner runs them in parallel: the one that spoke last wins.
     */
    public String followedSeed() {
        Lane newest = newestSeed == null ? null : byKey.get(newestSeed + "\u0000");
        if (newest != null && newest.verdict.isEmpty()) return newestSeed;
        String best = null;
        long bestAt = Long.MIN_VALUE;
        for (Lane l : lanes) {
            if (l.kind != LaneKind.SCENARIO || !l.verdict.isEmpty()) continue;
            long at = lastEventOfSeed(l.seed);
            if (at > bestAt) {
                bestAt = at;
                best = l.seed;
            }
        }
        return best != null ? best : newestSeed;
    }

    private long lastEventOfSeed(String seed) {
        long at = Long.MIN_VALUE;
        for (Lane l : lanes) {
            if (!l.seed.equals(seed)) continue;
            if (!l.markers.isEmpty()) at = Math.max(at, l.markers.get(l.markers.size() - 1).at());
            for (Span s : l.spans) at = Math.max(at, s.start);
        }
        return at;
    }

    /** Index in {@link #lanes()} of the seed's own lane, or -1. */
    public int seedLaneIndex(String seed) {
        Lane l = seed == null ? null : byKey.get(seed + "\u0000");
        return l == null ? -1 : lanes.indexOf(l);
    }

    /** How many lanes the seed has: its own and its processes'. */
    public int seedLaneCount(String seed) {
        int n = 0;
        for (Lane l : lanes) if (l.seed.equals(seed)) n++;
        return n;
    }

    /** Changes with every event (the view repaints when it moved). */
    public long version() {
        return version;
    }
}
