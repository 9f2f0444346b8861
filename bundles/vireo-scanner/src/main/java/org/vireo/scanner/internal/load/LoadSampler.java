package org.vireo.scanner.internal.load;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.scanner.LoadSample;

/**
 * Turns the sources into a {@link LoadSample} on each tick, keeps the latest and hands it to the listeners. No
 * thread of its own: the reporter ticks it every second, tests tick it directly.
 */
final class LoadSampler {

    private static final Logger LOG = LoggerFactory.getLogger(LoadSampler.class);
    private static final ProxyTraffic NO_PROXY = new ProxyTraffic(0, 0);

    private final Clock clock;
    private final LoadSources sources;
    private final List<Consumer<LoadSample>> listeners = new CopyOnWriteArrayList<>();
    private volatile LoadSample latest;

    LoadSampler(Clock clock, LoadSources sources) {
        this.clock = clock;
        this.sources = sources;
    }

    /** Measures now, keeps the sample as the latest and calls every listener; a throwing listener is logged. */
    LoadSample tick() {
        LoadSample sample = measure();
        latest = sample;
        for (Consumer<LoadSample> listener : listeners) {
            try {
                listener.accept(sample);
            } catch (RuntimeException e) {
                // one broken listener (say, config sync while it reconnects) must not starve the balancer
                LOG.warn("a load report listener failed: {}", e.toString());
            }
        }
        return sample;
    }

    /** The sample of the last tick, or null before the first. */
    LoadSample latest() {
        return latest;
    }

    AutoCloseable watch(Consumer<LoadSample> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    private LoadSample measure() {
        SystemMemory memory = sources.systemMemory().orElse(new SystemMemory(-1, -1));
        ProxyTraffic traffic = sources.proxyTraffic().orElse(NO_PROXY);
        return new LoadSample(clock.instant(), sources.processCpu(), sources.systemCpu(), sources.heapUsedBytes(),
            sources.heapMaxBytes(), memory.usedBytes(), memory.totalBytes(),
            (int) Math.min(Integer.MAX_VALUE, traffic.activeConnections()), traffic.requestsLastSecond());
    }
}
