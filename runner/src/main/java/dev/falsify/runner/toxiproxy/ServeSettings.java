package dev.falsify.runner.toxiproxy;

import dev.falsify.runner.proxy.LoopbackFaultProxy;

/**
 * How {@code falsify proxy serve} runs its proxies.
 *
 * @param reach     which non-loopback addresses proxies may listen on or relay to (none by default)
 * @param disableAs what {@code enabled: false} does to a running proxy
 * @param seed      seeds the choice of connections a toxic with toxicity below 1 hits, and latency jitter
 * @param log       the {@code --record DIR} files, or off
 */
public record ServeSettings(LoopbackFaultProxy.Reach reach, DisableAs disableAs, long seed, EvidenceLog log) {

    /** Toxiproxy takes a disabled proxy down; a partition keeps it listening and black-holes every byte. */
    public enum DisableAs {
        DOWN, PARTITION
    }
}
