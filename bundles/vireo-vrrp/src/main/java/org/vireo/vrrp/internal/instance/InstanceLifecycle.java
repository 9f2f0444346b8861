package org.vireo.vrrp.internal.instance;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTakeover;
import org.vireo.vrrp.VrrpTransition;
import org.vireo.vrrp.internal.syncgroup.SyncGroupRule;

/**
 * Keeps one instance running. While its transport channel cannot be opened (no such interface, no
 * privilege, no libpcap) the instance is in FAULT with the reason, and it retries by itself; once open,
 * the {@link InstanceDriver} runs the election. Everything here happens on the scheduler thread.
 */
final class InstanceLifecycle implements VrrpInstance {

    static final long RETRY_MICROS = 5_000_000;

    private static final Logger LOG = LoggerFactory.getLogger(InstanceLifecycle.class);

    private final Scheduler scheduler;
    private final StateSink sink;
    private final InstanceDriver.ChannelOpener opener;
    private final Supplier<Optional<String>> readiness;
    private final Scheduler.Timer retry;
    private volatile InstanceOptions options;
    private volatile InstanceDriver driver;
    private volatile String fault;
    private volatile Instant since = Instant.now();
    private volatile boolean stopped;
    private volatile int trackedPriority;
    private volatile String trackedReason = "configured";
    private volatile Optional<Integer> override = Optional.empty();
    private volatile Instant overrideSince = Instant.EPOCH;
    private volatile Optional<SyncGroupRule.Cap> groupCap = Optional.empty();
    /** The last transition this class made (into and out of FAULT); the driver keeps those of the election. */
    private volatile VrrpTransition ownTransition;

    InstanceLifecycle(InstanceOptions options, Scheduler scheduler, StateSink sink, InstanceDriver.ChannelOpener opener) {
        this(options, scheduler, sink, opener, Optional::empty);
    }

    /** @param readiness what this node still waits for before it may preempt; see {@link InstanceDriver} */
    InstanceLifecycle(InstanceOptions options, Scheduler scheduler, StateSink sink, InstanceDriver.ChannelOpener opener,
                      Supplier<Optional<String>> readiness) {
        this.options = options;
        this.readiness = readiness;
        this.scheduler = scheduler;
        this.sink = sink;
        this.opener = opener;
        this.trackedPriority = options.priority();
        this.retry = scheduler.timer(this::tryStart);
    }

    /** Starts, or goes to FAULT and keeps trying. */
    void start() {
        scheduler.execute(this::tryStart);
    }

    private void tryStart() {
        if (stopped || driver != null) {
            return;
        }
        InstanceDriver started;
        try {
            started = new InstanceDriver(options, scheduler, sink, opener, (lost, reason) -> {
                if (lost == driver) { // not a late word from a driver already replaced
                    channelLost(reason);
                }
            }, readiness);
        } catch (IOException | RuntimeException e) {
            faulted("cannot open " + options.interfaceName() + ": " + e.getMessage(), VrrpState.INITIALIZE);
            return;
        }
        if (fault != null) {
            LOG.info("VRRP instance {}: {} is usable again", options.name(), options.interfaceName());
            String cause = options.interfaceName() + " is usable again";
            ownTransition = new VrrpTransition(VrrpState.FAULT, VrrpState.INITIALIZE, Instant.now(), cause,
                Optional.empty());
            sink.stateChanged(new StateSink.StateChange(options.name(), VrrpState.FAULT, VrrpState.INITIALIZE, false,
                cause, Optional.empty()));
        }
        fault = null;
        started.trackedPriority(trackedPriority, trackedReason);
        if (override.isPresent()) {
            started.overridePriority(override);
        }
        started.presetGroupCap(groupCap);
        driver = started;
        started.start();
    }

    private void faulted(String reason, VrrpState previous) {
        if (!reason.equals(fault)) {
            LOG.error("VRRP instance {}: {}; retrying every {} s", options.name(), reason, RETRY_MICROS / 1_000_000);
            boolean wasRunning = fault == null;
            fault = reason;
            since = Instant.now();
            if (wasRunning) {
                ownTransition = new VrrpTransition(previous, VrrpState.FAULT, since, reason, Optional.empty());
                sink.stateChanged(new StateSink.StateChange(options.name(), previous, VrrpState.FAULT, false, reason,
                    Optional.empty()));
            }
        }
        retry.arm(RETRY_MICROS);
    }

    /** The transport closed the channel: leave the election (a master lets its VIPs go) and retry as at start. */
    private void channelLost(String reason) {
        InstanceDriver lostDriver = driver;
        driver = null;
        lostDriver.stop();
        faulted(options.interfaceName() + " failed: " + reason, VrrpState.INITIALIZE);
    }

    /** Leaves the election (a master sends priority 0 first) and stops retrying; once (also at JVM shutdown). */
    void stop() {
        stopped = true;
        retry.cancel();
        InstanceDriver running = driver;
        if (running != null && !running.stopped()) {
            running.stop();
        }
    }

    /** @param reason why, for the operator ("health tracking: ...") */
    void trackedPriority(int priority, String reason) {
        trackedPriority = Math.max(0, Math.min(priority, options.priority())); // as the driver clamps it
        trackedReason = reason;
        InstanceDriver d = driver;
        if (d != null) {
            d.trackedPriority(priority, reason);
        }
    }

    /** See {@link InstanceDriver#basePriority(InstanceOptions)}. */
    void basePriority(InstanceOptions changed) {
        InstanceDriver d = driver;
        if (d != null) {
            d.basePriority(changed);
        }
        options = changed;
        trackedPriority = changed.priority();
        trackedReason = "base priority " + changed.priority() + " configured";
    }

    /** See {@link InstanceDriver#reconfigure}; on the scheduler thread. A faulted instance starts with it. */
    void reconfigure(InstanceOptions next) {
        InstanceOptions was = options;
        options = next; // first: the listeners told by the driver read the instance's addresses from here
        InstanceDriver d = driver;
        if (d != null) {
            try {
                d.reconfigure(next);
            } catch (RuntimeException e) {
                options = was;
                throw e;
            }
        }
    }

    InstanceOptions options() {
        return options;
    }

    @Override
    public Optional<String> fault() {
        return Optional.ofNullable(fault);
    }

    @Override
    public VrrpState state() {
        InstanceDriver d = driver;
        return d != null ? d.state() : fault != null ? VrrpState.FAULT : VrrpState.INITIALIZE;
    }

    @Override
    public Instant stateSince() {
        InstanceDriver d = driver;
        return d != null ? d.stateSince() : since;
    }

    @Override
    public void overridePriority(Optional<Integer> priority) {
        InstanceDriver d = driver;
        if (d != null) {
            d.overridePriority(priority); // checks the range
        } else {
            priority.filter(p -> p < 0 || p > 254).ifPresent(p -> {
                throw new IllegalArgumentException("priority " + p + " for instance " + name() + ": an override is 0-254");
            });
        }
        if (!priority.equals(override)) {
            overrideSince = Instant.now();
        }
        override = priority;
    }

    @Override
    public void resign(Duration holdOff) {
        InstanceDriver d = driver;
        if (d == null) {
            throw new IllegalStateException("instance " + name() + " is not running (" + state() + "): nothing to resign");
        }
        d.resign(holdOff == null ? options.resignHoldOff() : holdOff);
    }

    @Override
    public String name() {
        return options.name();
    }

    @Override
    public int vrid() {
        return options.vrid();
    }

    @Override
    public String interfaceName() {
        return options.interfaceName();
    }

    @Override
    public int version() {
        return options.version();
    }

    @Override
    public int basePriority() {
        return options.priority();
    }

    @Override
    public int effectivePriority() {
        InstanceDriver d = driver;
        return d != null ? d.effectivePriority() : override.orElse(trackedPriority);
    }

    @Override
    public Optional<Integer> priorityOverride() {
        return override; // the driver gets every override through here
    }

    /**
     * The operator's deductions (override, resignation) after health tracking's, which the instance's owner has,
     * then its sync group's.
     */
    @Override
    public List<PriorityDeduction> priorityDeductions() {
        InstanceDriver d = driver;
        Optional<OperatorDeductions.Resignation> resignation = d != null ? d.resignation() : Optional.empty();
        List<PriorityDeduction> operator = OperatorDeductions.of(trackedPriority,
            override.map(p -> new OperatorDeductions.Override(p, overrideSince)), resignation);
        Optional<PriorityDeduction> group = d != null ? d.groupDeduction() : Optional.empty();
        if (group.isEmpty()) {
            return operator;
        }
        List<PriorityDeduction> all = new ArrayList<>(operator);
        all.add(group.get());
        return List.copyOf(all);
    }

    /** Its sync group's cap (empty: none); kept for a driver started after a fault. Scheduler thread. */
    void groupCap(Optional<SyncGroupRule.Cap> cap) {
        groupCap = cap;
        InstanceDriver d = driver;
        if (d != null) {
            d.groupCap(cap);
        }
    }

    /** The instance as its sync group sees it: the driver's view, or FAULT / starting without one. */
    SyncGroupRule.Member groupView() {
        InstanceDriver d = driver;
        return d != null ? d.groupView() : new SyncGroupRule.Member(options.name(), true, state(), options.priority(),
            override.orElse(trackedPriority), OptionalInt.empty());
    }

    @Override
    public Optional<VrrpTakeover> lastTakeover() {
        InstanceDriver d = driver;
        return d != null ? d.lastTakeover() : Optional.empty();
    }

    @Override
    public Optional<String> splitBrain() {
        InstanceDriver d = driver;
        return d != null ? d.splitBrain() : Optional.empty();
    }

    long splitBrainCount() {
        InstanceDriver d = driver;
        return d != null ? d.splitBrainCount() : 0;
    }

    /** The later of the driver's last transition and this class's own (into or out of FAULT). */
    @Override
    public Optional<VrrpTransition> lastTransition() {
        InstanceDriver d = driver;
        Optional<VrrpTransition> election = d != null ? d.lastTransition() : Optional.empty();
        Optional<VrrpTransition> own = Optional.ofNullable(ownTransition);
        if (election.isEmpty() || own.isEmpty()) {
            return election.isPresent() ? election : own;
        }
        return election.get().at().isBefore(own.get().at()) ? own : election;
    }

    @Override
    public Optional<InetAddress> primaryAddress() {
        InstanceDriver d = driver;
        return d != null ? d.primaryAddress() : Optional.empty();
    }

    @Override
    public Optional<InetAddress> masterAddress() {
        InstanceDriver d = driver;
        return d != null ? d.masterAddress() : Optional.empty();
    }

    @Override
    public Duration advertInterval() {
        return Duration.ofMillis(options.advertIntervalMillis());
    }

    @Override
    public boolean preempt() {
        return options.preempt();
    }

    @Override
    public List<InetAddress> virtualAddresses() {
        return options.virtualAddresses();
    }

    @Override
    public boolean virtualMac() {
        return options.virtualMac();
    }

    @Override
    public Optional<byte[]> resignationAdvert() {
        InstanceDriver d = driver;
        return d != null ? Optional.of(d.resignationAdvert()) : Optional.empty();
    }

    @Override
    public Optional<String> waitingFor() {
        InstanceDriver d = driver;
        return d != null ? d.waitingFor() : Optional.empty();
    }

    @Override
    public VrrpCounters counters() {
        InstanceDriver d = driver;
        return d != null ? d.counters() : new VrrpCounters(0, 0, 0, 0, 0, Map.of());
    }

    @Override
    public List<String> warnings() {
        InstanceDriver d = driver;
        return d != null ? d.warnings() : List.of();
    }
}
