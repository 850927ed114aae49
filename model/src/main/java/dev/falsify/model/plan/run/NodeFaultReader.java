package dev.falsify.model.plan.run;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads a run-block fault's {@code clock:} and {@code storage:} parts (plan-format.md, "Run block") against
 * {@link RunVocabulary.ClockKind} and {@link RunVocabulary.StorageKind}, so lint and the runner accept the
 * same faults. Kept beside {@link RunSpecParser} (not in it) to keep each reader small.
 */
final class NodeFaultReader {
    private NodeFaultReader() {
    }

    static RunSpec.ClockAction clock(RunSpecParser p, Node n, String path, Set<String> serviceNames, Duration window) {
        MappingNode m = p.mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = p.fields(m, path, RunVocabulary.CLOCK_FIELDS);
        String service = service(p, f, path, m, serviceNames);
        String kindText = p.required(f, "kind", path, m);
        RunVocabulary.ClockKind kind = RunVocabulary.ClockKind.of(kindText).orElse(null);
        if (kindText != null && kind == null) {
            p.error(f.get("kind"), path + ".kind", "unknown clock fault kind '" + kindText + "' (expected "
                    + RunVocabulary.oneOf(RunVocabulary.ClockKind.ids()) + ")");
        }
        if (kind != null) {
            for (String param : RunVocabulary.CLOCK_FIELDS.subList(2, RunVocabulary.CLOCK_FIELDS.size())) {
                if (kind.params().contains(param) && !f.containsKey(param)) {
                    p.error(m, path + "." + param, "clock fault kind " + kind.id() + " needs '" + param + "'");
                } else if (!kind.params().contains(param) && f.containsKey(param)) {
                    p.error(f.get(param), path + "." + param, "clock fault kind " + kind.id() + " takes no '" + param
                            + "' (it takes " + String.join(", ", kind.params()) + ")");
                }
            }
            if (window == null) {
                p.error(m, path, "a clock fault needs 'for' (its window; the clock is restored at heal)");
            }
        }
        long offset = 0;
        String offsetText = p.str(f.get("offset"), path + ".offset");
        if (offsetText != null) {
            Long ms = signedMillis(offsetText);
            if (ms == null || ms == 0) {
                p.error(f.get("offset"), path + ".offset", "offset '" + offsetText + "' must be a non-zero duration with an"
                        + " optional sign (-30s, 2m, +500ms)");
            } else {
                offset = ms;
            }
        }
        double rate = 1.0;
        String rateText = p.str(f.get("rate"), path + ".rate");
        if (rateText != null) {
            String r = rateText.strip();
            if (!RunVocabulary.RATE.matcher(r).matches() || Double.parseDouble(r) <= 0 || Double.parseDouble(r) == 1.0) {
                p.error(f.get("rate"), path + ".rate", "rate '" + rateText + "' must be a positive number other than 1"
                        + " (the clock's speed during the window: 1.5 runs 50 % fast, 0.5 half speed)");
            } else {
                rate = Double.parseDouble(r);
            }
        }
        long period = 0;
        if (f.containsKey("period")) {
            Duration d = p.duration(f.get("period"), path + ".period");
            if (d != null && d.toMillis() < 10) {
                p.error(f.get("period"), path + ".period", "period must be at least 10ms");
            } else if (d != null) {
                period = d.toMillis();
            }
        }
        return new RunSpec.ClockAction(service, kind == null ? kindText : kind.id(), offset, rate, period);
    }

    static RunSpec.StorageAction storage(RunSpecParser p, Node n, String path, Set<String> serviceNames, Duration window) {
        MappingNode m = p.mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = p.fields(m, path, RunVocabulary.STORAGE_FIELDS);
        String service = service(p, f, path, m, serviceNames);
        String dir = p.required(f, "dir", path, m);
        if (dir != null && dir.isBlank()) p.error(f.get("dir"), path + ".dir", "dir must name the service's data directory");
        String kindText = p.required(f, "kind", path, m);
        RunVocabulary.StorageKind kind = RunVocabulary.StorageKind.of(kindText).orElse(null);
        if (kindText != null && kind == null) {
            p.error(f.get("kind"), path + ".kind", "unknown storage fault kind '" + kindText + "' (expected "
                    + RunVocabulary.oneOf(RunVocabulary.StorageKind.ids()) + ")");
        }
        long delay = 0;
        if (f.containsKey("delay")) {
            if (kind != null && kind != RunVocabulary.StorageKind.SLOW_IO) {
                p.error(f.get("delay"), path + ".delay", "only slow-io takes 'delay'");
            }
            Duration d = p.duration(f.get("delay"), path + ".delay");
            if (d != null) delay = d.toMillis();
        } else if (kind == RunVocabulary.StorageKind.SLOW_IO) {
            delay = 100;
        }
        if (kind == RunVocabulary.StorageKind.SLOW_IO && delay < 1) {
            p.error(f.get("delay"), path + ".delay", "slow-io delay must be at least 1ms");
        }
        String restart = p.str(f.get("restart"), path + ".restart");
        if (restart != null && !restart.equals("true") && !restart.equals("false")) {
            p.error(f.get("restart"), path + ".restart", "restart must be true or false");
        } else if (restart != null && kind != null && kind != RunVocabulary.StorageKind.LOSE_UNSYNCED_WRITES) {
            p.error(f.get("restart"), path + ".restart", "only lose-unsynced-writes (a crash) takes 'restart'");
        }
        if (kind != null && kind.window() && window == null) {
            p.error(m, path, "storage fault kind " + kind.id() + " needs 'for' (its window)");
        }
        return new RunSpec.StorageAction(service, kind == null ? kindText : kind.id(), dir, delay, "true".equals(restart));
    }

    private static String service(RunSpecParser p, Map<String, Node> f, String path, MappingNode m, Set<String> serviceNames) {
        String service = p.required(f, "service", path, m);
        if (service != null && !serviceNames.contains(service)) {
            p.error(f.get("service"), path + ".service", "fault names unknown service '" + service + "'"
                    + RunSpecParser.declared(serviceNames, "services"));
        }
        return service;
    }

    /** {@code -30s} → -30000; null when not a duration. */
    static Long signedMillis(String text) {
        Matcher mm = RunVocabulary.SIGNED_DURATION.matcher(text.strip());
        if (!mm.matches()) return null;
        Duration d = Durations.parse(mm.group(2));
        if (d == null) return null;
        return "-".equals(mm.group(1)) ? -d.toMillis() : d.toMillis();
    }
}
