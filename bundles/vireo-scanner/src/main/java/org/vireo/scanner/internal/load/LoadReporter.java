package org.vireo.scanner.internal.load;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.scanner.LoadReport;
import org.vireo.scanner.LoadSample;
import org.vireo.scanner.internal.proxy.ProxyComponent;
import org.vireo.scanner.internal.proxy.ProxyCounters;

/**
 * Publishes this node's {@link LoadReport}: one daemon thread samples every second. The proxy is optional: while it
 * is not running, connections and requests are reported as zero.
 */
@Component(service = LoadReport.class, immediate = true)
public class LoadReporter implements LoadReport {

    private static final Logger LOG = LoggerFactory.getLogger(LoadReporter.class);
    private static final Path MEMINFO = Path.of("/proc/meminfo");
    private static final long PERIOD_MILLIS = 1000;
    private static final long STOP_WAIT_SECONDS = 5;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    volatile ProxyComponent proxy;

    private LoadSampler sampler;
    private ScheduledExecutorService ticker;

    @Activate
    void activate() {
        sampler = new LoadSampler(Clock.systemUTC(), new NodeLoadSources(MEMINFO, this::proxyTraffic));
        sampler.tick(); // current() has a sample from the start
        ticker = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "vireo-load-report");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(this::tick, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        ticker.shutdownNow();
        if (!ticker.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
            LOG.warn("the load report thread did not stop within {} s", STOP_WAIT_SECONDS);
        }
    }

    @Override
    public LoadSample current() {
        return sampler.latest();
    }

    @Override
    public AutoCloseable watch(Consumer<LoadSample> listener) {
        return sampler.watch(listener);
    }

    private void tick() {
        try {
            sampler.tick();
        } catch (RuntimeException e) {
            // an exception would cancel the schedule for good: log it and sample again next second
            LOG.warn("load sample failed: {}", e.toString());
        }
    }

    private Optional<ProxyTraffic> proxyTraffic() {
        ProxyComponent running = proxy;
        if (running == null) {
            return Optional.empty();
        }
        ProxyCounters counters = running.counters();
        return Optional.of(new ProxyTraffic(counters.activeConnections(), counters.requestsLastSecond()));
    }
}
