package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.VrrpStateMachine;

/**
 * What the instances of this node share: the one scheduler thread their state machines and timers run on,
 * the registry that keeps two instances from taking the same name or the same VRID on an interface, and a
 * JVM shutdown hook: on SIGTERM every instance leaves the election (a master with a priority-0 advert) at
 * once, instead of when Karaf, stopping bundle after bundle, comes to vireo-vrrp (100 ms and more later).
 */
@Component(service = VrrpNode.class)
public class VrrpNode implements Scheduler {

    private static final Logger LOG = LoggerFactory.getLogger(VrrpNode.class);
    private static final long SHUTDOWN_SECONDS = 2;

    private TimerThread thread;
    private Thread shutdownHook;
    private Optional<TermSignal> termSignal = Optional.empty();
    private final Set<ShutdownStop> stopOnShutdown = ConcurrentHashMap.newKeySet();
    private final Runnable stopInstances = this::stopInstances;
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, String> vrids = new HashMap<>();

    @Activate
    void activate() {
        thread = new TimerThread("vireo-vrrp");
        shutdownHook = new Thread(this::stopAll, "vireo-vrrp-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        loadStopPath();
        termSignal = TermSignal.install("TERM", this::stopAll);
    }

    /**
     * Loads now what leaving the election at SIGTERM runs, on an idle JVM: loading it then (lambdas spun, the
     * state machine's shutdown branch) took ~10 ms before the priority-0 advert. A throwaway state machine goes
     * from startup through mastership to shutdown, and an empty task takes the way of {@link #stopAll}.
     */
    private void loadStopPath() {
        try {
            VrrpStateMachine fsm = new VrrpStateMachine(FsmConfig.builder(1, InetAddress.getByAddress(
                new byte[] {(byte) 192, 0, 2, 1})).build()); // TEST-NET-1: never on the wire, no I/O at all
            fsm.handle(new FsmEvent.Startup(), 0);
            fsm.handle(new FsmEvent.ReadinessChanged(true), 0);
            fsm.handle(FsmEvent.TimerFired.of(org.vireo.vrrp.internal.fsm.Timer.MASTER_DOWN), fsm.masterDownIntervalMicros());
            // a takeover's claim path too: loading it at the first takeover of a node still booting stalled its advert
            fsm.handle(new FsmEvent.AddressesClaimed(), fsm.masterDownIntervalMicros());
            fsm.handle(new FsmEvent.Shutdown(), fsm.masterDownIntervalMicros());
            runAndWait(() -> { }, SHUTDOWN_SECONDS);
        } catch (UnknownHostException | ExecutionException | TimeoutException e) {
            LOG.debug("loading the stop path ahead", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Deactivate
    void deactivate() {
        termSignal.ifPresent(TermSignal::uninstall);
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs or has run
        }
        thread.shutdown();
    }

    /**
     * What an instance does at SIGTERM or JVM shutdown: its pre-release hold, asked and awaited on the signal's thread
     * (the scheduler thread goes on advertising meanwhile; the hold is bounded by the instance's
     * releaseHoldMaxSeconds), then its stop (idempotent), on the scheduler thread.
     */
    record ShutdownStop(Supplier<CompletableFuture<Void>> hold, Runnable stop) {
    }

    /** {@code stop} runs at SIGTERM or JVM shutdown, until {@link #forget}. */
    void stopOnShutdown(ShutdownStop stop) {
        stopOnShutdown.add(stop);
    }

    void forget(ShutdownStop stop) {
        stopOnShutdown.remove(stop);
    }

    private void stopAll() {
        try {
            awaitHolds();
            runAndWait(stopInstances, SHUTDOWN_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.error("leaving the VRRP election at shutdown failed", e);
        }
    }

    /** Every instance's hold at once: the node waits as long as the longest, not their sum. */
    private void awaitHolds() throws InterruptedException, ExecutionException {
        List<CompletableFuture<Void>> holds = new ArrayList<>();
        for (ShutdownStop s : stopOnShutdown) {
            try {
                holds.add(s.hold().get());
            } catch (RuntimeException e) {
                LOG.error("asking the pre-release gates at shutdown failed; releasing at once", e);
            }
        }
        CompletableFuture.allOf(holds.toArray(CompletableFuture[]::new)).get();
    }

    private void stopInstances() {
        for (ShutdownStop s : stopOnShutdown) {
            s.stop().run();
        }
    }

    @Override
    public long nowMicros() {
        return thread.nowMicros();
    }

    @Override
    public void execute(Runnable task) {
        thread.execute(task);
    }

    @Override
    public Timer timer(Runnable task) {
        return thread.timer(task);
    }

    /** Runs {@code task} on the scheduler thread and waits for it, at most {@code timeoutSeconds}. */
    void runAndWait(Runnable task, long timeoutSeconds) throws ExecutionException, TimeoutException,
        InterruptedException {
        if (thread.isSchedulerThread()) {
            task.run();
            return;
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        execute(() -> {
            try {
                task.run();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        done.get(timeoutSeconds, TimeUnit.SECONDS);
    }

    /**
     * Reserves the instance's name and its VRID on its interface and family.
     *
     * @throws IllegalArgumentException naming the instance that holds them already
     */
    synchronized void claim(InstanceOptions o) {
        String vridKey = o.interfaceName() + "/" + (o.ipv6() ? "ipv6" : "ipv4") + "/" + o.vrid();
        String byName = names.get(o.name());
        if (byName != null) {
            throw new IllegalArgumentException("VRRP instance name '" + o.name() + "' is taken by another configuration"
                + " (" + byName + "): names are unique on a node");
        }
        String byVrid = vrids.get(vridKey);
        if (byVrid != null) {
            throw new IllegalArgumentException("VRID " + o.vrid() + " on " + o.interfaceName() + " ("
                + (o.ipv6() ? "IPv6" : "IPv4") + ") is taken by instance '" + byVrid + "': one instance per VRID,"
                + " interface and family");
        }
        names.put(o.name(), vridKey);
        vrids.put(vridKey, o.name());
    }

    synchronized void release(InstanceOptions o) {
        String vridKey = names.remove(o.name());
        if (vridKey != null) {
            vrids.remove(vridKey);
        }
    }
}
