package dev.falsify.runner.nodefaults;

import dev.falsify.model.plan.run.RunSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One seed's clock and storage faults: a clock (timestamp file) per service a clock fault names, started
 * with libfaketime before the service, and a storage layer mounted over each data directory a storage fault
 * names before the services start and unmounted after they stopped. {@link #prepare} refuses what this
 * machine cannot do with a reason that starts {@code environment:} (the arm is then INCONCLUSIVE-env).
 */
public final class NodeFaults implements AutoCloseable {
    private final Map<String, ClockControl> clocks;
    private final Map<Path, RunSpec.StorageAction> dirs;
    private final Map<String, Path> dirOfFault = new LinkedHashMap<>();
    private final Map<Path, StorageFs> mounts = new LinkedHashMap<>();
    /** the storage fault holding each directory now: one layer has one mode, so windows on one directory never overlap */
    private final Map<Path, String> busy = new java.util.concurrent.ConcurrentHashMap<>();

    private NodeFaults(Map<String, ClockControl> clocks, Map<Path, RunSpec.StorageAction> dirs, Map<String, Path> dirOfFault) {
        this.clocks = clocks;
        this.dirs = dirs;
        this.dirOfFault.putAll(dirOfFault);
    }

    /** No clock or storage fault: nothing to prepare. */
    public static NodeFaults none() {
        return new NodeFaults(Map.of(), Map.of(), Map.of());
    }

    /**
     * @param stateDir where the clocks' timestamp files go (inside the session)
     * @param resolve  a fault's {@code dir} with placeholders applied, resolved against the run's working directory
     * @param allowed  folders a data directory may be in (the session's and the run's working directory)
     * @throws Refused when the machine lacks libfaketime / FUSE, or a data directory is outside {@code allowed}
     */
    public static NodeFaults prepare(RunSpec spec, Path stateDir, Function<String, Path> resolve, List<Path> allowed)
            throws Refused, IOException {
        Map<String, ClockControl> clocks = new LinkedHashMap<>();
        Map<Path, RunSpec.StorageAction> dirs = new LinkedHashMap<>();
        Map<String, Path> dirOfFault = new LinkedHashMap<>();
        for (RunSpec.Fault f : spec.faults()) {
            if (f.action() instanceof RunSpec.ClockAction c && !clocks.containsKey(c.service())) {
                Path lib = Libfaketime.find().orElseThrow(() -> new Refused("environment: clock fault " + f.name()
                        + " needs libfaketime, which this machine lacks (Debian: apt-get install faketime)"));
                clocks.put(c.service(), new ClockControl(c.service(), lib, stateDir.resolve(safe(c.service()) + ".faketime")));
            } else if (f.action() instanceof RunSpec.StorageAction s) {
                Path dir = resolve.apply(s.dir()).toAbsolutePath().normalize();
                boolean inside = allowed.stream().map(a -> a.toAbsolutePath().normalize())
                        .anyMatch(a -> dir.startsWith(a) && !dir.equals(a));
                if (!inside) {
                    throw new Refused("storage fault " + f.name() + ": data directory " + dir + " is not inside the session folder"
                            + " or the run's working directory; Falsify mounts its fault layer only there");
                }
                dirs.putIfAbsent(dir, s);
                dirOfFault.put(f.name(), dir);
            }
        }
        if (!dirs.isEmpty()) {
            try {
                StorageFsBinary.get();
            } catch (IOException e) {
                throw new Refused("environment: storage faults need Falsify's FUSE layer: " + e.getMessage());
            }
            StaleMounts.clean();
        }
        return new NodeFaults(clocks, dirs, dirOfFault);
    }

    /** The variables service {@code service} is started with (empty when no clock fault names it). */
    public Map<String, String> environment(String service, String existingPreload) {
        ClockControl c = clocks.get(service);
        return c == null ? Map.of() : c.environment(existingPreload);
    }

    /** Mounts the storage layer over every data directory; {@code logDir} receives its messages. */
    public void mount(Path logDir) throws IOException {
        for (Path dir : dirs.keySet()) {
            if (mounts.containsKey(dir)) continue;
            mounts.put(dir, StorageFs.mount(dir, logDir.resolve("storagefs." + safe(dir.getFileName().toString()) + ".err.log")));
        }
    }

    /** Whether this object drives {@code a}. */
    public static boolean handles(RunSpec.FaultAction a) {
        return a instanceof RunSpec.ClockAction || a instanceof RunSpec.StorageAction;
    }

    /** Runs fault {@code f} (already due) for {@code forMs}, reporting to {@code sink}. */
    public void run(RunSpec.Fault f, long forMs, NodeFaultHooks.Sink sink, NodeFaultHooks.Window window,
                    NodeFaultHooks.Services services) throws InterruptedException, IOException {
        if (f.action() instanceof RunSpec.ClockAction c) {
            ClockControl clock = clocks.get(c.service());
            if (clock == null) {
                sink.notInjected("no clock was prepared for service " + c.service());
                return;
            }
            new ClockFaultRun(clock, c, forMs, sink, window, services).run();
        } else if (f.action() instanceof RunSpec.StorageAction s) {
            StorageFs fs = mounts.get(dirOfFault.get(f.name()));
            if (fs == null) {
                sink.notInjected("the storage fault layer is not mounted over " + s.dir());
                return;
            }
            String other = busy.putIfAbsent(fs.dir(), f.name());
            if (other != null) {
                sink.notInjected("its window overlaps storage fault " + other + " on the same directory (one layer holds one fault at a time)");
                return;
            }
            try {
                new StorageFaultRun(fs, s, forMs, sink, window, services).run();
            } finally {
                busy.remove(fs.dir());
            }
        }
    }

    /** Every data directory's layer, unmounted (after the services stopped). */
    @Override
    public void close() {
        List<StorageFs> all = new ArrayList<>(mounts.values());
        mounts.clear();
        for (StorageFs fs : all) fs.close();
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** What this machine or the plan does not allow; the message says which and why. */
    public static final class Refused extends Exception {
        public Refused(String message) {
            super(message);
        }
    }
}
