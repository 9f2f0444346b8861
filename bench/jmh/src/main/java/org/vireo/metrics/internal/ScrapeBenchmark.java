package org.vireo.metrics.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.vireo.balancer.Balancer;
import org.vireo.balancer.BalancerStatus;
import org.vireo.balancer.ScannerStats;
import org.vireo.balancer.internal.pool.Pool;
import org.vireo.settings.BalancerOptions;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.DropTally;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/**
 * One {@code GET /api/v1/metrics} of a director with 64 VRRP instances and 64 scanners, without the HTTP around it
 * (issue 20): {@link MetricsResource#snapshots()} over the real collectors ({@link VrrpMetrics} with 64 instances,
 * {@link BalancerMetrics}' collection over the balancer's real scanner {@link Pool} of 64 scanners) and, in
 * {@code full}, client_java's JVM metrics as the node registers them; then client_java's text writer into a sink that
 * counts the bytes (the network's place). Run with {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes allocated
 * per scrape.
 *
 * <p>The VRRP instances are in-memory sources that count as {@code InstanceDriver} does (a {@link DropTally}, atomic
 * counters, transitions by state) and build their {@link VrrpCounters} per call the same way; the balancer's scanner
 * table is its own {@link Pool} (the monitor description is a constant string, where the node asks its health
 * checks). Nothing else of Karaf, Jetty or CXF is in this figure: the node's own scrape adds the request, the login
 * and the response (measured by {@code bench/api-bench.sh}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScrapeBenchmark {

    /** VRRP instances and scanners on the node. */
    @Param({"64"})
    int size;

    private MetricsResource full;
    private MetricsResource vireoOnly;
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final CountingSink sink = new CountingSink();

    @Setup
    public void setUp() {
        List<VrrpInstance> instances = new ArrayList<>();
        for (int i = 1; i <= size; i++) {
            instances.add(new CountingInstance("vip" + i, i));
        }
        Balancer balancer = new PoolBalancer(size);
        full = resource(instances, balancer);
        full.activate(); // client_java's JVM metrics, as the node has them
        vireoOnly = resource(instances, balancer);
    }

    private static MetricsResource resource(List<VrrpInstance> instances, Balancer balancer) {
        MetricsResource r = new MetricsResource();
        VrrpMetrics vrrp = new VrrpMetrics();
        instances.forEach(vrrp::addInstance);
        r.addCollector(vrrp);
        r.addCollector(f -> BalancerMetrics.collect(f, balancer.status(), balancer));
        return r;
    }

    @TearDown(Level.Trial)
    public void report() {
        System.out.println("\nbody bytes per scrape (last): " + sink.last);
    }

    /** The node's scrape: the collectors, the JVM's metrics, the text format. */
    @Benchmark
    public long full() throws IOException {
        return scrape(full);
    }

    /** Vireo's families only (64 instances, 64 scanners, the balancer's totals). */
    @Benchmark
    public long vireoOnly() throws IOException {
        return scrape(vireoOnly);
    }

    /** The snapshots alone, not written. */
    @Benchmark
    public Object snapshotsOnly() {
        return full.snapshots();
    }

    private long scrape(MetricsResource r) throws IOException {
        sink.count = 0;
        writer.write(sink, r.snapshots(), EscapingScheme.DEFAULT);
        sink.last = sink.count;
        return sink.count;
    }

    /**
     * The same scrapes without JMH, timed in the thread's own CPU time (which a loaded machine does not stretch, as
     * it does wall time) with the bytes it allocated: {@code java -cp benchmarks.jar
     * org.vireo.metrics.internal.ScrapeBenchmark [warm-up scrapes] [measured scrapes]}.
     */
    public static void main(String[] args) throws IOException {
        int warm = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int measured = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        ScrapeBenchmark b = new ScrapeBenchmark();
        b.size = 64;
        b.setUp();
        com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        for (String what : List.of("full", "vireoOnly", "snapshotsOnly")) {
            for (int i = 0; i < warm; i++) {
                run(b, what);
            }
            long cpu0 = threads.getCurrentThreadCpuTime();
            long bytes0 = threads.getThreadAllocatedBytes(id);
            long wall0 = System.nanoTime();
            for (int i = 0; i < measured; i++) {
                run(b, what);
            }
            double n = measured;
            System.out.printf("%-14s cpu %.3f ms/scrape  wall %.3f ms/scrape  allocated %.0f B/scrape  body %d B%n", what,
                (threads.getCurrentThreadCpuTime() - cpu0) / 1e6 / n, (System.nanoTime() - wall0) / 1e6 / n,
                (threads.getThreadAllocatedBytes(id) - bytes0) / n, b.sink.last);
        }
    }

    private static void run(ScrapeBenchmark b, String what) throws IOException {
        switch (what) {
            case "full" -> b.full();
            case "vireoOnly" -> b.vireoOnly();
            default -> b.snapshotsOnly();
        }
    }

    /** Where the bytes would go to the client: counted, dropped. */
    static final class CountingSink extends OutputStream {
        long count;
        long last;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }

    /** An instance's figures as {@code InstanceDriver} keeps them, read the way it reads them for a scrape. */
    static final class CountingInstance implements VrrpInstance {
        private final String name;
        private final int vrid;
        private final Instant since = Instant.parse("2026-12-04T12:00:00Z");
        private final AtomicLong advertsSent = new AtomicLong();
        private final AtomicLong priorityZero = new AtomicLong();
        private final AtomicLong becameMaster = new AtomicLong();
        private final AtomicLong mismatches = new AtomicLong();
        private final DropTally drops = new DropTally();
        private final AtomicLongArray transitions = new AtomicLongArray(VrrpState.values().length);

        CountingInstance(String name, int vrid) {
            this.name = name;
            this.vrid = vrid;
            advertsSent.set(86_400L + vrid);
            becameMaster.set(1);
            transitions.set(VrrpState.BACKUP.ordinal(), 1);
            transitions.set(VrrpState.MASTER.ordinal(), 1);
            drops.add(DropReason.values()[vrid % DropReason.values().length], vrid);
        }

        @Override public String name() { return name; }
        @Override public int vrid() { return vrid; }
        @Override public String interfaceName() { return "mem-bench"; }
        @Override public int version() { return 3; }
        @Override public VrrpState state() { return VrrpState.MASTER; }
        @Override public Optional<String> fault() { return Optional.empty(); }
        @Override public Instant stateSince() { return since; }
        @Override public int basePriority() { return 150; }
        @Override public int effectivePriority() { return 150; }
        @Override public Optional<Integer> priorityOverride() { return Optional.empty(); }
        @Override public Optional<InetAddress> primaryAddress() { return Optional.empty(); }
        @Override public Optional<InetAddress> masterAddress() { return Optional.empty(); }
        @Override public Duration advertInterval() { return Duration.ofSeconds(1); }
        @Override public boolean preempt() { return true; }
        @Override public List<InetAddress> virtualAddresses() { return List.of(); }
        @Override public boolean virtualMac() { return false; }
        @Override public Optional<byte[]> resignationAdvert() { return Optional.empty(); }
        @Override public List<String> warnings() { return List.of(); }
        @Override public void overridePriority(Optional<Integer> priority) { throw new UnsupportedOperationException(); }
        @Override public void resign(Duration holdOff) { throw new UnsupportedOperationException(); }

        /** As {@code InstanceDriver.counters()}. */
        @Override
        public VrrpCounters counters() {
            Map<DropReason, Long> dropped = drops.snapshot();
            Map<VrrpState, Long> entered = new EnumMap<>(VrrpState.class);
            for (VrrpState s : VrrpState.values()) {
                entered.put(s, transitions.get(s.ordinal()));
            }
            return new VrrpCounters(advertsSent.get(), drops.total(), priorityZero.get(), becameMaster.get(),
                mismatches.get(), dropped, entered);
        }
    }

    /** The balancer's own scanner pool of 64 scanners, none up (as on the benchmarked node: nothing answers). */
    static final class PoolBalancer implements Balancer {
        private final Pool pool;
        private final BalancerStatus status = new BalancerStatus("standalone", "epoll",
            List.of(new BalancerStatus.Listener("127.0.0.1:9090", "http", true, null),
                new BalancerStatus.Listener("127.0.0.1:2121", "ftp", true, null)), 0, 0, 0, 0, 0, List.of());

        PoolBalancer(int scanners) {
            StringBuilder list = new StringBuilder();
            for (int i = 1; i <= scanners; i++) {
                list.append(i == 1 ? "" : ", ").append("127.77.0.").append(i).append(":3128");
            }
            pool = new Pool(BalancerOptions.parse(Map.of("scanners", list.toString(), "slowStartSeconds", "0")),
                System::nanoTime, Duration.ofSeconds(2));
        }

        @Override
        public List<ScannerStats> scanners() {
            return pool.stats(id -> "tcp-connect: down (connection refused)");
        }

        @Override
        public BalancerStatus status() {
            return status;
        }

        @Override
        public String drain(String id, boolean drain) {
            throw new UnsupportedOperationException("a read benchmark");
        }
    }
}
