package org.vireo.vrrp.internal.drill;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.Dictionary;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.MemberCalls;
import org.vireo.cluster.MemberProbes;
import org.vireo.cluster.NodeRegistry;
import org.vireo.config.AddressText;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/**
 * Failover drills ({@code vrrp:drill}, {@code POST /api/v1/vrrp/<name>/drill}): on the master, a third member
 * probes the VIP while this node hands it over as a graceful stop does (priority 0) and stays out of the election,
 * so the outage measured is what the clients of that member saw; optionally the VIP comes back. One drill at a time;
 * the last {@link #KEPT} are kept. Every member answers the drill's question about its own takeover.
 */
@Component(service = Drills.class, immediate = true)
public class Drills {

    static final int KEPT = 10;
    static final String TAKEOVER_TOPIC = "vireo.vrrp.takeover";
    /** How often the master's view of the election is looked at while a handover is awaited. */
    private static final long LOOK_MILLIS = 2;
    private static final Logger LOG = LoggerFactory.getLogger(Drills.class);

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();
    private final Deque<DrillResult> recent = new ArrayDeque<>();
    private final AtomicBoolean running = new AtomicBoolean();
    private int lastId;
    private AutoCloseable answering;

    @Reference
    MemberCalls calls;
    @Reference
    MemberProbes probes;
    @Reference
    NodeRegistry registry;
    @Reference
    ConfigurationAdmin configurationAdmin;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
    }

    void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
    }

    @Activate
    void activate() {
        answering = calls.answer(TAKEOVER_TOPIC, name -> CompletableFuture.completedFuture(
            instance(new String(name, StandardCharsets.UTF_8)).map(TakeoverRecord::of)
                .orElseThrow(() -> new IllegalArgumentException("no VRRP instance of that name here")).encode()));
    }

    @Deactivate
    void deactivate() throws Exception {
        answering.close();
    }

    /** The last drills, newest first. */
    public synchronized List<DrillResult> recent() {
        return List.copyOf(recent);
    }

    /**
     * Runs a drill of {@code name} (it blocks for the drill's length: a few seconds) and keeps its result.
     *
     * @param probe     {@code tcp:<host>:<port>} or an {@code http://} URL; empty: a TCP connection to the instance's
     *                  first VIP on the balancer's HTTP port
     * @param from      the member that probes; empty: one that runs no instance of this name (a scanner first)
     * @param returning whether the VIP comes back within the drill (the hold then ends, and a preempting master
     *                  takes it back); without, this node stays out for the instance's resign hold-off
     * @param progress  told each step, for a shell's output
     * @throws IllegalArgumentException for a bad request (no such instance, bad target or member)
     * @throws IllegalStateException when the drill cannot start (not the master, a drill runs, no member to probe)
     */
    public DrillResult run(String name, Optional<String> probe, Optional<String> from, boolean returning,
                           Duration interval, Consumer<String> progress) {
        VrrpInstance i = instance(name).orElseThrow(() -> new IllegalArgumentException("no VRRP instance '" + name
            + "' on this node (vrrp:list lists them)"));
        if (i.state() != VrrpState.MASTER) {
            throw new IllegalStateException("instance " + name + " is " + i.state() + " here: a drill starts on its"
                + " master" + i.masterAddress().map(a -> " (" + AddressText.of(a) + ")").orElse(""));
        }
        DrillPlan plan = new DrillPlan(i.advertInterval(), interval, DrillPlan.DEFAULT_TIMEOUT, returning);
        MemberProbes.Request request = new MemberProbes.Request(probe.orElseGet(() -> defaultTarget(i)), interval,
            plan.probeDuration(), plan.timeout());
        String member = from.orElseGet(() -> probeMember(name));
        checkMember(member, name);
        if (!running.compareAndSet(false, true)) {
            throw new IllegalStateException("a drill runs on this node already; one at a time");
        }
        try {
            DrillResult result = drill(i, plan, request, member, progress);
            keep(result);
            return result;
        } finally {
            running.set(false);
        }
    }

    private DrillResult drill(VrrpInstance i, DrillPlan plan, MemberProbes.Request request, String member,
                              Consumer<String> progress) {
        int id = nextId();
        Instant started = Instant.now();
        List<String> notes = new ArrayList<>();
        progress.accept(String.format(Locale.ROOT, "%s probes %s every %d ms for %.1f s", member,
            request.target(), request.interval().toMillis(), request.duration().toMillis() / 1000.0));
        CompletableFuture<MemberProbes.Result> probing = probes.probe(member, request);
        try {
            probing.get(plan.resignAt().toMillis(), TimeUnit.MILLISECONDS);
            return failed(id, i, started, member, request, "the probe ended before the handover", notes);
        } catch (TimeoutException normal) {
            // the probe runs: the VIP answers as it does every day
        } catch (ExecutionException e) {
            return failed(id, i, started, member, request, "the probe could not run: " + e.getCause().getMessage(),
                notes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(id, i, started, member, request, "interrupted", notes);
        }
        Instant resignedAt = Instant.now();
        i.resign(plan.returning() ? plan.settle() : null);
        progress.accept("resigned (priority 0 sent); waiting for the new master");
        Optional<InetAddress> newMaster = await(plan.settle(), () -> i.masterAddress()
            .filter(m -> !i.primaryAddress().equals(Optional.of(m))));
        progress.accept(newMaster.map(m -> "new master " + AddressText.of(m)).orElse("no new master heard within "
            + plan.settle().toMillis() + " ms"));
        if (newMaster.isEmpty()) {
            notes.add("no new master was heard within " + plan.settle().toMillis() + " ms of the resignation");
        }
        if (plan.returning()) {
            waitUntil(started.plus(plan.returnAt()));
            progress.accept("hold over; the VIP comes back if the instance preempts");
            Optional<VrrpState> back = await(plan.settle(), () -> Optional.of(i.state()).filter(s -> s == VrrpState.MASTER));
            if (back.isEmpty()) {
                notes.add(i.preempt() ? "the VIP did not come back within " + plan.settle().toMillis() + " ms"
                    : "the VIP stays with the new master: this instance does not preempt");
            }
        }
        MemberProbes.Result result;
        try {
            result = probing.get(request.duration().plus(request.timeout()).plusSeconds(15).toMillis(),
                TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return failed(id, i, started, member, request, "no result from the probe: " + (e.getCause() != null
                ? e.getCause().getMessage() : e.getMessage()), notes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(id, i, started, member, request, "interrupted", notes);
        }
        return report(id, i, plan, started, resignedAt, newMaster, result, notes);
    }

    private DrillResult report(int id, VrrpInstance i, DrillPlan plan, Instant started, Instant resignedAt,
                               Optional<InetAddress> newMaster, MemberProbes.Result result, List<String> notes) {
        long split = plan.returnAt().toNanos();
        DrillResult.Phase takeover = DrillAnalysis.phase(result, 0, plan.returning() ? split : Long.MAX_VALUE);
        DrillResult.Phase returned = plan.returning() ? DrillAnalysis.phase(result, split, Long.MAX_VALUE) : null;
        Optional<Taker> taker = taker(i.name(), resignedAt);
        if (taker.isEmpty()) {
            notes.add("no member reported a takeover of " + i.name() + " after the resignation: VRRP's timeline and"
                + " the bound are not known");
        }
        int priority = taker.map(t -> t.record().priority()).orElse(-1);
        double skew = priority < 0 ? -1 : millis(DrillPlan.skewTime(priority, plan.advert()));
        double bound = priority < 0 ? -1 : millis(plan.bound(priority));
        DrillResult.Timeline timeline = new DrillResult.Timeline(newMaster.map(AddressText::of).orElse(null),
            taker.map(Taker::node).orElse(null), priority, resignedAt.toString(),
            taker.flatMap(t -> t.record().lastAdvertHeard()).map(Instant::toString).orElse(null),
            taker.flatMap(t -> t.record().vipsClaimed()).map(Instant::toString).orElse(null),
            taker.flatMap(t -> t.record().firstAdvertSent()).map(Instant::toString).orElse(null),
            taker.flatMap(t -> DrillAnalysis.gapMillis(t.record())).orElse(-1.0));
        notes.add("the probe's clock is " + result.member() + "'s; VRRP's timeline is the new master's");
        return new DrillResult(id, i.name(), started.toString(), result.member(), result.target(),
            plan.interval().toMillis(), takeover, returned, timeline, skew, bound,
            bound >= 0 && takeover.outageMillis() <= bound, null, notes);
    }

    private record Taker(String node, TakeoverRecord record) {
    }

    /** The member that took over after {@code resignedAt}: the one whose last takeover's first advert is later. */
    private Optional<Taker> taker(String name, Instant resignedAt) {
        for (ClusterNode n : registry.nodes()) {
            if (n.self() || n.stale() || !n.vrrpStates().containsKey(name)) {
                continue;
            }
            try {
                TakeoverRecord r = TakeoverRecord.decode(calls.call(n.name(), TAKEOVER_TOPIC,
                    name.getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5))
                    .get(6, TimeUnit.SECONDS));
                if (r.firstAdvertSent().filter(t -> t.isAfter(resignedAt)).isPresent()) {
                    return Optional.of(new Taker(n.name(), r));
                }
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                LOG.info("drill: {} did not say how it took over {}: {}", n.name(), name, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private DrillResult failed(int id, VrrpInstance i, Instant started, String member, MemberProbes.Request request,
                               String why, List<String> notes) {
        LOG.warn("drill {} of {}: {}", id, i.name(), why);
        DrillResult r = new DrillResult(id, i.name(), started.toString(), member, request.target(),
            request.interval().toMillis(), null, null, null, -1, -1, false, why, notes);
        return r;
    }

    /**
     * A member to probe from: not this node, reporting, and running no instance of this name (so it is not the one
     * that takes over); a scanner first, then by name.
     */
    private String probeMember(String name) {
        return registry.nodes().stream()
            .filter(n -> !n.self() && !n.stale() && !n.vrrpStates().containsKey(name))
            .sorted(Comparator.comparing((ClusterNode n) -> !n.role().startsWith("scanner"))
                .thenComparing(ClusterNode::name))
            .map(ClusterNode::name).findFirst()
            .orElseThrow(() -> new IllegalStateException("no member to probe from: a drill needs a third member"
                + " that runs no instance " + name + " (a scanner), in the cluster with this node; --from names one"
                + " (cluster:status lists the members)"));
    }

    private void checkMember(String member, String name) {
        Optional<ClusterNode> n = registry.node(member);
        if (n.isEmpty() || n.get().stale()) {
            throw new IllegalArgumentException("member " + member + " is not in the cluster now (cluster:status"
                + " lists the members)");
        }
        if (n.get().self()) {
            throw new IllegalArgumentException("the probe must run on another member: from this node its traffic"
                + " would not cross the wire");
        }
    }

    /** A TCP connection to the instance's first routable VIP on the balancer's HTTP port. */
    private String defaultTarget(VrrpInstance i) {
        InetAddress vip = i.virtualAddresses().stream().filter(a -> !a.isLinkLocalAddress()).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("instance " + i.name() + " has no VIP to probe but"
                + " link-local ones: give --probe"));
        String host = vip instanceof Inet6Address ? "[" + AddressText.of(vip) + "]" : AddressText.of(vip);
        return "tcp:" + host + ":" + balancerHttpPort();
    }

    private int balancerHttpPort() {
        try {
            Configuration[] found = configurationAdmin.listConfigurations("(service.pid=org.vireo.balancer)");
            Dictionary<String, Object> p = found == null ? null : found[0].getProperties();
            Object port = p == null ? null : p.get("httpPort");
            return port == null ? 9090 : Integer.parseInt(port.toString().trim());
        } catch (IOException | InvalidSyntaxException | NumberFormatException e) {
            return 9090;
        }
    }

    private Optional<VrrpInstance> instance(String name) {
        return instances.stream().filter(i -> i.name().equals(name)).findFirst();
    }

    private synchronized int nextId() {
        return ++lastId;
    }

    private synchronized void keep(DrillResult r) {
        recent.addFirst(r);
        while (recent.size() > KEPT) {
            recent.removeLast();
        }
        LOG.info("drill {} of {}: {}", r.id(), r.instance(), r.error() != null ? r.error()
            : String.format(Locale.ROOT, "outage %.1f ms, %d failed attempts (bound %.1f ms)",
            r.takeover().outageMillis(), r.takeover().failedAttempts(), r.boundMillis()));
    }

    private static <T> Optional<T> await(Duration limit, Supplier<Optional<T>> what) {
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            Optional<T> seen = what.get();
            if (seen.isPresent()) {
                return seen;
            }
            pause(LOOK_MILLIS);
        }
        return Optional.empty();
    }

    private static void waitUntil(Instant at) {
        long millis = Duration.between(Instant.now(), at).toMillis();
        if (millis > 0) {
            pause(millis);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static double millis(Duration d) {
        return d.toNanos() / 1e6;
    }
}
