package org.vireo.vrrp.internal.instance;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.AddressText;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTakeover;
import org.vireo.vrrp.VrrpTransition;
import org.vireo.vrrp.VrrpTransport;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.ProtocolVersion;
import org.vireo.vrrp.internal.fsm.Timer;
import org.vireo.vrrp.internal.fsm.VrrpStateMachine;
import org.vireo.vrrp.internal.packet.DropCounters;
import org.vireo.vrrp.internal.packet.ReceiveContext;
import org.vireo.vrrp.internal.packet.ReceiveResult;
import org.vireo.vrrp.internal.packet.VrrpAdvert;
import org.vireo.vrrp.internal.packet.VrrpCodec;
import org.vireo.vrrp.internal.packet.VrrpVersion;
import org.vireo.vrrp.internal.syncgroup.SyncGroupRule;

/**
 * Runs one instance: feeds the state machine with received adverts, timer expiries and priority changes,
 * on the scheduler thread only, and carries out its actions (send, timers, state changes). Received
 * packets are decoded and checked on the transport's thread; only accepted adverts reach the scheduler.
 *
 * <p>On becoming master the state listeners claim the addresses; the state machine's first advert waits for that
 * claim to complete (bounded by its CLAIM timer). While the node is not ready (its readiness conditions, at most
 * {@code readinessTimeoutSeconds} from the start), the state machine does not preempt a live master, nor, until the
 * node has been ready once since the start, take over through its Master_Down_Timer; readiness is looked at when an
 * advert arrives and when that timer runs out, the only moments it can change what the instance does.
 */
final class InstanceDriver {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceDriver.class);

    private volatile InstanceOptions options;
    private final Scheduler scheduler;
    private final StateSink sink;
    private final VrrpTransport.Channel channel;
    private final VrrpStateMachine fsm;
    /** What received adverts are checked against; replaced by a change in place, read on the transport's thread. */
    private volatile ReceiveContext receiveContext;
    private final VrrpVersion version;
    private final DropCounters drops = new DropCounters();
    private final AtomicLong advertsSent = new AtomicLong();
    private final AtomicLong priorityZeroReceived = new AtomicLong();
    private final AtomicLong becameMaster = new AtomicLong();
    private final AtomicLong splitBrains = new AtomicLong();
    /** The other master of the split brain under way; null if none. */
    private volatile InetAddress splitBrainPeer;
    private final AtomicLongArray transitions = new AtomicLongArray(VrrpState.values().length); // by state entered
    private final AtomicLong addressListMismatches = new AtomicLong();
    private final Scheduler.Timer[] timers = new Scheduler.Timer[Timer.values().length];
    private final Scheduler.Timer resignEnds;
    private final Optional<InetAddress> self;
    private VrrpAdvert lastAdvert; // the advert to send, re-made only when priority or interval change
    private final byte[] sendBuffer = new byte[VrrpCodec.MAX_LENGTH];
    private volatile List<String> warnings;
    private final Supplier<Optional<String>> readiness;
    private final BiConsumer<InstanceDriver, String> lost; // told on the scheduler thread when the channel fails

    // written on the scheduler thread, read by anyone
    private volatile VrrpState state = VrrpState.INITIALIZE;
    private volatile Instant stateSince = Instant.now();
    /** The time of the last event handed to the state machine; timer thread only. */
    private long lastEventMicros = Long.MIN_VALUE;
    private volatile int trackedPriority;
    private volatile Optional<Integer> override = Optional.empty();
    private volatile long resignedUntilMicros = Long.MIN_VALUE;
    /** The last resignation, kept past its hold-off; {@link #resignation()} tells whether it still holds. */
    private volatile OperatorDeductions.Resignation resigned;
    private volatile VrrpTransition lastTransition;
    private volatile Optional<InetAddress> masterAddress = Optional.empty();
    private volatile boolean stopped;
    /** Set by BecomeMaster while the actions of an event are carried out; awaited once they all are. */
    private CompletionStage<Void> claimToAwait;
    /** Tells a claim's late completion from the current one's; timer thread only. */
    private long claimGeneration;
    /** When the current claim was done (the VIPs on the interface and announced); null while one is under way. */
    private volatile Instant claimedAt;
    private volatile String claimProblem;
    private volatile boolean ready = true;
    private long readyDeadlineMicros;
    /** The last wait ran out its readinessTimeout with a condition still waiting; timer thread only. */
    private boolean waitGivenUp;
    /** The cause and peer of a transition the event being handled makes; timer thread only. */
    private String cause = "started";
    private Optional<InetAddress> peer = Optional.empty();
    private Optional<FsmEvent.AdvertReceived> lastHeard = Optional.empty();
    /** When the last advert handled as backup arrived (scheduler time), and its sender; timer thread only. */
    private long heardAsBackupMicros = Long.MIN_VALUE;
    private Optional<InetAddress> heardAsBackupFrom = Optional.empty();
    /** Became master from backup, first advert not sent yet: the takeover is measured when it goes; timer thread. */
    private boolean takeoverPending;
    private volatile VrrpTakeover lastTakeover;
    /** Why the effective priority last changed; timer thread only. */
    private String priorityReason = "configured";
    /** The effective priority the sink was told last; the state machine's hold as handed to it; timer thread. */
    private int reportedPriority;
    private boolean fsmHeld;
    /** Its sync group's cap on the priority, and since when; empty: none (or no group). */
    private volatile Optional<SyncGroupRule.Cap> groupCap = Optional.empty();
    private volatile Instant groupCapSince = Instant.now();
    /** What its sync group saw last: told again only when it changes (compared without allocating); timer thread. */
    private VrrpState groupSawState;
    private int groupSawOwn = -1;
    private int groupSawFollowed = -1;

    /** Opens the transport channel through {@code opener}, with this driver as its receiver. */
    InstanceDriver(InstanceOptions options, Scheduler scheduler, StateSink sink, ChannelOpener opener,
                   BiConsumer<InstanceDriver, String> lost) throws IOException {
        this(options, scheduler, sink, opener, lost, Optional::empty);
    }

    /** @param readiness what the node still waits for before it may preempt (empty: ready); any thread, cheap */
    InstanceDriver(InstanceOptions options, Scheduler scheduler, StateSink sink, ChannelOpener opener,
                   BiConsumer<InstanceDriver, String> lost, Supplier<Optional<String>> readiness) throws IOException {
        this.options = options;
        this.readiness = readiness;
        this.lost = lost;
        this.scheduler = scheduler;
        this.sink = sink;
        this.trackedPriority = options.priority();
        this.reportedPriority = options.priority();
        this.version = options.version() == 2 ? VrrpVersion.V2 : VrrpVersion.V3;
        this.receiveContext = receiveContext(options);
        this.channel = opener.open(new VrrpTransport.Receiver() {
            @Override
            public void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination,
                                 int ttl) {
                InstanceDriver.this.received(message, offset, length, source, destination, ttl, 0);
            }

            @Override
            public void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination,
                                 int ttl, long ageMicros) {
                InstanceDriver.this.received(message, offset, length, source, destination, ttl, ageMicros);
            }

            @Override
            public void dropped(DropReason reason) {
                drops.record(reason);
            }

            @Override
            public void failed(String reason) {
                scheduler.execute(() -> lost.accept(InstanceDriver.this, reason));
            }
        });
        this.fsm = new VrrpStateMachine(fsmConfig(options));
        this.warnings = warningsFor(options);
        this.self = Optional.of(channel.sourceAddress());
        for (Timer t : Timer.values()) {
            FsmEvent fired = FsmEvent.TimerFired.of(t);
            timers[t.ordinal()] = switch (t) {
                case CLAIM -> scheduler.timer(this::claimTimedOut);
                // a node that started unready takes over through this timer only once ready: look first
                case MASTER_DOWN -> scheduler.timer(() -> {
                    checkReadiness();
                    handle(fired);
                });
                default -> scheduler.timer(() -> handle(fired));
            };
        }
        this.resignEnds = scheduler.timer(() -> priorityMayHaveChanged("the resignation's hold-off ended"));
    }

    /** Opens the transport channel with the driver's receiver. */
    @FunctionalInterface
    interface ChannelOpener {
        VrrpTransport.Channel open(VrrpTransport.Receiver receiver) throws IOException;
    }

    private FsmConfig fsmConfig(InstanceOptions o) {
        return FsmConfig.builder(o.vrid(), channel.sourceAddress())
            .version(o.version() == 2 ? ProtocolVersion.V2 : ProtocolVersion.V3)
            .basePriority(o.priority())
            .advertIntervalCentis(o.advertIntervalCentis())
            .preempt(o.preempt())
            .preemptDelayMicros(o.preemptDelaySeconds() * 1_000_000L)
            .acceptMode(o.accept())
            .build();
    }

    private ReceiveContext receiveContext(InstanceOptions o) {
        return new ReceiveContext(version, o.vrid(), o.priority() == FsmConfig.OWNER_PRIORITY, o.virtualAddresses(),
            version == VrrpVersion.V2 ? o.advertIntervalMillis() / 1000 : o.advertIntervalCentis(),
            o.allowedSources());
    }

    /**
     * Takes a changed configuration of the same virtual router without leaving the election (on the scheduler
     * thread): the checks of received adverts, the advert (addresses, interval: a master advertises a new interval
     * at once), preemption, the unicast peers of the channel; a master's listeners claim the addresses it gained and
     * release those it lost. What only a restart can change never comes here ({@link InPlaceChange}).
     *
     * @throws UnsupportedOperationException if the transport cannot change its unicast peers in place
     */
    void reconfigure(InstanceOptions next) {
        InstanceOptions was = options;
        if (!was.unicastPeers().equals(next.unicastPeers())) {
            channel.unicastPeers(next.unicastPeers());
        }
        options = next;
        receiveContext = receiveContext(next);
        warnings = warningsFor(next);
        lastAdvert = null; // made again with the new addresses and interval
        handle(new FsmEvent.Reconfigured(fsmConfig(next)));
        if (state == VrrpState.MASTER) {
            sink.changedInPlace(next.name());
        }
    }

    private static List<String> warningsFor(InstanceOptions options) {
        List<String> w = new ArrayList<>();
        if (options.ipv6() && !options.virtualAddresses().get(0).isLinkLocalAddress()) {
            w.add("no link-local address among the virtual addresses: RFC 5798 5.2.9 wants the virtual router's"
                + " link-local address (e.g. fe80::" + Integer.toHexString(options.vrid()) + ") first in its adverts,"
                + " and hosts that route through this router need it; add one to virtualAddresses, the same on every"
                + " node");
        }
        if (options.ipv6() && options.unicastPeers().stream().anyMatch(p -> !p.isLinkLocalAddress())
            && options.allowedPeers().isEmpty()) {
            w.add("unicastPeers lists IPv6 addresses that are not link-local: IPv6 adverts come from their sender's"
                + " link-local address (RFC 5798 5.1.2.1), and this instance takes adverts only from its unicast peers;"
                + " list the peers' link-local addresses, or their adverts' sources in allowedPeers");
        }
        return List.copyOf(w);
    }

    /** Starts the election (from the scheduler thread). */
    void start() {
        scheduler.execute(() -> {
            reportedPriority = effectivePriority();
            if (held()) {
                fsmHeld = true;
                handle(new FsmEvent.Held(true));
            }
            handle(new FsmEvent.PriorityChanged(fsmPriority()));
            if (!options.readinessTimeout().isZero() && readiness.get().isPresent()) {
                ready = false;
                readyDeadlineMicros = scheduler.nowMicros() + options.readinessTimeout().toNanos() / 1000;
                handle(new FsmEvent.ReadinessChanged(false));
            }
            handle(new FsmEvent.Startup());
        });
    }

    /** Leaves the election: a master sends priority 0 and releases its addresses; then the channel closes. */
    void stop() {
        stopped = true;
        handle(new FsmEvent.Shutdown());
        for (Scheduler.Timer t : timers) {
            t.cancel();
        }
        resignEnds.cancel();
        channel.close();
    }

    /** Health tracking's priority (clamped to the base) and why; takes effect unless overridden. */
    void trackedPriority(int priority, String reason) {
        trackedPriority = Math.max(0, Math.min(priority, options.priority()));
        scheduler.execute(() -> priorityMayHaveChanged(reason));
    }

    /**
     * Takes a new base priority without leaving the election. Not for the address owner's 255, which
     * changes how the instance starts: that needs a restart.
     */
    void basePriority(InstanceOptions changed) {
        if (!changed.equals(options.withPriority(changed.priority()))
            || changed.priority() == FsmConfig.OWNER_PRIORITY || options.priority() == FsmConfig.OWNER_PRIORITY) {
            throw new IllegalArgumentException("only a priority change between 1 and 254 applies without a restart");
        }
        options = changed;
        trackedPriority(changed.priority(), "base priority " + changed.priority() + " configured");
    }

    void overridePriority(Optional<Integer> priority) {
        priority.ifPresent(p -> {
            if (p < 0 || p > 254) {
                throw new IllegalArgumentException("priority " + p + " for instance " + options.name()
                    + ": an override is 0-254 (255 is the address owner's, configured as its priority)");
            }
        });
        override = priority;
        String reason = priority.map(p -> "operator's override " + p).orElse("operator's override cleared");
        scheduler.execute(() -> priorityMayHaveChanged(reason));
    }

    void resign(Duration holdOff) {
        scheduler.execute(() -> {
            resignedUntilMicros = scheduler.nowMicros() + holdOff.toNanos() / 1000;
            resigned = new OperatorDeductions.Resignation(holdOff, Instant.now());
            priorityMayHaveChanged("resigned for " + holdOff.toSeconds() + " s");
            resignEnds.arm(holdOff.toNanos() / 1000 + 1);
        });
    }

    /**
     * Hands the state machine a changed priority or hold; the sink hears of the change of the effective priority
     * first, with the reason.
     */
    private void priorityMayHaveChanged(String reason) {
        groupMayHaveChanged(); // its own priority may have changed though the effective one did not (a cap)
        int shown = effectivePriority();
        if (shown != reportedPriority) {
            priorityReason = reason;
            try {
                sink.priorityChanged(new StateSink.PriorityChange(options.name(), reportedPriority, shown, reason));
            } catch (RuntimeException e) {
                LOG.error("VRRP instance {}: reporting priority {} -> {} failed", options.name(), reportedPriority,
                    shown, e);
            }
            reportedPriority = shown;
        }
        boolean hold = held();
        if (hold != fsmHeld) {
            priorityReason = reason;
            fsmHeld = hold;
            handle(new FsmEvent.Held(hold));
        }
        int p = fsmPriority();
        if (p != fsm.effectivePriority()) {
            priorityReason = reason;
            handle(new FsmEvent.PriorityChanged(p));
        }
    }

    /** The priority it advertises and is shown with: 0 while its sync group holds it. */
    int effectivePriority() {
        return held() ? 0 : fsmPriority();
    }

    /**
     * The priority its state machine runs at: its own, or its sync group's lower one; not 0 for a hold, which the
     * machine takes apart so that its timers stay those of its own priority ({@link FsmEvent.Held}).
     */
    private int fsmPriority() {
        int own = ownPriority();
        return groupCap.filter(c -> c.priority() > 0).map(c -> Math.min(c.priority(), own)).orElse(own);
    }

    /** Its sync group holds it at 0: another member cannot be master. */
    private boolean held() {
        return groupCap.map(c -> c.priority() == 0).orElse(false);
    }

    /** The priority before its sync group's cap: tracking's, the operator's override, 0 while resigning. */
    int ownPriority() {
        return resigning() ? 0 : override.orElse(trackedPriority);
    }

    /** Takes its sync group's cap (empty: none); on the scheduler thread, from the node's sync groups. */
    void groupCap(Optional<SyncGroupRule.Cap> cap) {
        if (cap.equals(groupCap)) {
            return;
        }
        Optional<SyncGroupRule.Cap> was = groupCap;
        groupCap = cap;
        if (cap.map(SyncGroupRule.Cap::priority).equals(was.map(SyncGroupRule.Cap::priority))) {
            return; // the same cap for another reason
        }
        groupCapSince = Instant.now();
        priorityMayHaveChanged(cap.map(c -> "sync group " + c.group() + ": " + c.reason())
            .orElse("sync group " + was.map(SyncGroupRule.Cap::group).orElse("") + ": no longer held"));
    }

    /** Its cap before the driver starts (a restart after a fault): {@link #start} advertises with it. */
    void presetGroupCap(Optional<SyncGroupRule.Cap> cap) {
        groupCap = cap;
    }

    /** The sync group's deduction, when its cap takes something off the instance's own priority. */
    Optional<PriorityDeduction> groupDeduction() {
        Optional<SyncGroupRule.Cap> cap = groupCap;
        int own = ownPriority();
        return cap.filter(c -> c.priority() < own).map(c -> new PriorityDeduction(PriorityDeduction.Kind.SYNC_GROUP,
            c.group(), c.reason(), own - c.priority(), c.priority() == 0, Optional.of(groupCapSince)));
    }

    /** The instance as its sync group sees it. */
    SyncGroupRule.Member groupView() {
        return new SyncGroupRule.Member(options.name(), true, state, options.priority(), ownPriority(),
            fsm.followedMasterPriority());
    }

    /** Tells the sink when what its sync group sees has changed; on the scheduler thread. */
    private void groupMayHaveChanged() {
        int own = ownPriority();
        int followed = fsm.followedMasterPriorityOrZero();
        if (state != groupSawState || own != groupSawOwn || followed != groupSawFollowed) {
            groupSawState = state;
            groupSawOwn = own;
            groupSawFollowed = followed;
            sink.groupInputsChanged();
        }
    }

    private boolean resigning() {
        return resignedUntilMicros != Long.MIN_VALUE && scheduler.nowMicros() < resignedUntilMicros;
    }

    /** The resignation whose hold-off runs now, if any. Any thread. */
    Optional<OperatorDeductions.Resignation> resignation() {
        return resigning() ? Optional.ofNullable(resigned) : Optional.empty();
    }

    /** The transport's callback: check on this thread, hand accepted adverts to the scheduler. */
    private void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination,
                          int ttl, long ageMicros) {
        long arrivedMicros = scheduler.nowMicros() - ageMicros;
        ReceiveResult result = VrrpCodec.decode(message, offset, length, source, destination, ttl, receiveContext);
        drops.record(result);
        if (result instanceof ReceiveResult.Dropped dropped) {
            LOG.debug("VRRP instance {}: dropped a packet from {}: {}", options.name(), source,
                dropped.reason().description());
            return;
        }
        ReceiveResult.Accepted accepted = (ReceiveResult.Accepted) result;
        VrrpAdvert advert = accepted.advert();
        if (accepted.addressListDiffers() && addressListMismatches.getAndIncrement() % 1000 == 0) {
            LOG.warn("VRRP instance {}: {} advertises {} for VRID {}, this node has {} (RFC 5798 7.1: misconfiguration;"
                + " logged once every 1000 adverts)", options.name(), source, advert.addresses(), options.vrid(),
                options.virtualAddresses());
        }
        if (advert.priority() == 0) {
            priorityZeroReceived.incrementAndGet();
        }
        int intervalCentis = version == VrrpVersion.V2 ? advert.interval() * 100 : advert.interval();
        FsmEvent event = new FsmEvent.AdvertReceived(advert.priority(), intervalCentis, source);
        scheduler.execute(() -> {
            checkReadiness();
            handle(event, arrivedMicros);
        });
    }

    /**
     * Before each advert is handled: is the node ready to serve? Not only at the start: a condition can begin to wait
     * after it (the instance's own check for VIPs an earlier run left starts once the instance is registered, a role
     * change is deployed), and a backup that is not ready lets a live master of lower priority keep the VIPs. Each
     * wait is bounded by readinessTimeoutSeconds; one that ran out is not waited for again until every condition has
     * been ready once.
     */
    private void checkReadiness() {
        Optional<String> waiting = readiness.get();
        if (ready) {
            if (waiting.isEmpty()) {
                waitGivenUp = false;
            } else if (!waitGivenUp && !options.readinessTimeout().isZero()) {
                ready = false;
                readyDeadlineMicros = scheduler.nowMicros() + options.readinessTimeout().toNanos() / 1000;
                LOG.info("VRRP instance {}: not ready to serve ({}): it leaves the VIPs to a master of lower priority"
                    + " until it is", options.name(), waiting.get());
                handle(new FsmEvent.ReadinessChanged(false));
            }
            return;
        }
        boolean waitedEnough = scheduler.nowMicros() >= readyDeadlineMicros;
        if (waiting.isPresent() && !waitedEnough) {
            return;
        }
        ready = true;
        waitGivenUp = waiting.isPresent();
        if (waiting.isPresent()) {
            LOG.warn("VRRP instance {}: still waiting for {} after {} s (" + InstanceOptions.READINESS_TIMEOUT_SECONDS
                + "): it may take the VIPs from a master of lower priority now", options.name(), waiting.get(),
                options.readinessTimeout().toSeconds());
        } else {
            LOG.info("VRRP instance {}: this node is ready to serve; it may take the VIPs from a master of lower"
                + " priority", options.name());
        }
        handle(new FsmEvent.ReadinessChanged(true));
    }

    /** What the node waits for before it may preempt; empty once ready. Any thread. */
    Optional<String> waitingFor() {
        return ready ? Optional.empty() : readiness.get();
    }

    private void handle(FsmEvent event) {
        handle(event, scheduler.nowMicros());
    }

    /**
     * Hands the state machine an event that happened at {@code atMicros} (an advert: when it arrived at the
     * interface); timers it starts count from then. The machine's time never goes back, so an advert that arrived
     * before the previous event was handled counts from that event.
     */
    private void handle(FsmEvent event, long atMicros) {
        long at = Math.max(atMicros, lastEventMicros);
        lastEventMicros = at;
        cause = TransitionCause.of(event, priorityReason, lastHeard, fsm.preempting());
        // a preempted master was never taken as master (its adverts were discarded), yet it is the peer concerned
        Optional<InetAddress> master = fsm.preempting() ? lastHeard.map(FsmEvent.AdvertReceived::sender)
            : fsm.masterAddress();
        peer = TransitionCause.peer(event, master, self);
        if (event instanceof FsmEvent.AdvertReceived a) {
            lastHeard = Optional.of(a);
            if (state == VrrpState.BACKUP) {
                heardAsBackupMicros = at;
                heardAsBackupFrom = Optional.of(a.sender());
            }
        }
        List<FsmAction> actions = fsm.handle(event, at);
        long lag = Math.max(0, scheduler.nowMicros() - at);
        for (int i = 0; i < actions.size(); i++) { // indexed: no iterator on the advert-timer path
            carryOut(actions.get(i), lag);
        }
        masterAddress = state == VrrpState.MASTER ? self : fsm.masterAddress();
        groupMayHaveChanged();
        CompletionStage<Void> claim = claimToAwait;
        if (claim != null) {
            claimToAwait = null;
            awaitClaim(claim);
        }
    }

    /**
     * Hands the claim's outcome to the state machine: at once when the listeners are done already (no listener, or
     * nothing of theirs to claim), else from the thread that completes it, through the scheduler.
     */
    private void awaitClaim(CompletionStage<Void> claim) {
        long generation = ++claimGeneration;
        claimedAt = null;
        CompletableFuture<Void> future = claim.toCompletableFuture();
        if (future.isDone()) {
            claimDone(generation, failureOf(future));
        } else {
            future.whenComplete((done, failure) -> scheduler.execute(() -> claimDone(generation, failure)));
        }
    }

    private static Throwable failureOf(CompletableFuture<Void> done) {
        try {
            done.getNow(null);
            return null;
        } catch (CompletionException | CancellationException e) {
            return e.getCause() != null ? e.getCause() : e;
        }
    }

    private void claimDone(long generation, Throwable failure) {
        if (generation != claimGeneration || !fsm.claimPending()) {
            return; // a claim given up or left behind meanwhile
        }
        if (failure == null) {
            claimProblem = null;
            claimedAt = Instant.now();
            handle(new FsmEvent.AddressesClaimed());
            return;
        }
        claimProblem = "its VIPs could not be claimed (" + failure.getMessage() + "): it stayed backup without"
            + " advertising";
        LOG.error("VRRP instance {}: {}", options.name(), claimProblem);
        handle(new FsmEvent.ClaimFailed());
    }

    private void claimTimedOut() {
        if (!fsm.claimPending()) {
            return;
        }
        claimProblem = "its VIPs were not claimed within " + fsm.config().claimTimeoutMicros() / 1000
            + " ms: it stayed backup without advertising";
        LOG.error("VRRP instance {}: {}", options.name(), claimProblem);
        handle(FsmEvent.TimerFired.of(Timer.CLAIM));
    }

    private void carryOut(FsmAction action, long lagMicros) {
        if (action instanceof FsmAction.SendAdvert send) {
            send(send.priority(), send.maxAdverIntervalCentis());
        } else if (action instanceof FsmAction.StartTimer start) {
            timers[start.timer().ordinal()].arm(Math.max(0, start.delayMicros() - lagMicros));
        } else if (action instanceof FsmAction.CancelTimer stop) {
            timers[stop.timer().ordinal()].cancel();
        } else if (action instanceof FsmAction.BecomeMaster master) {
            becameMaster.incrementAndGet();
            claimToAwait = enter(VrrpState.MASTER, master.acceptMode());
        } else if (action instanceof FsmAction.BecomeBackup) {
            enter(VrrpState.BACKUP, false);
        } else if (action instanceof FsmAction.BecomeInitialize) {
            enter(VrrpState.INITIALIZE, false);
        } else if (action instanceof FsmAction.SplitBrainDetected split) {
            splitBrains.incrementAndGet();
            splitBrainPeer = split.peer();
            LOG.warn("VRRP instance {}: split brain: {} advertises as master at priority {} while this node is",
                options.name(), AddressText.of(split.peer()), split.peerPriority());
            sink.splitBrain(options.name(), true, split.peer(), split.peerPriority(), false);
        } else if (action instanceof FsmAction.SplitBrainEnded ended) {
            splitBrainPeer = null;
            LOG.warn("VRRP instance {}: split brain with {} over: {}", options.name(),
                AddressText.of(ended.peer()), ended.stillMaster() ? "it went silent; the VIPs are announced again"
                    : "this node left master");
            sink.splitBrain(options.name(), false, ended.peer(), -1, ended.stillMaster());
        }
    }

    private void send(int priority, int intervalCentis) {
        int interval = version == VrrpVersion.V2 ? intervalCentis / 100 : intervalCentis;
        VrrpAdvert advert = lastAdvert;
        if (advert == null || advert.priority() != priority || advert.interval() != interval) {
            advert = new VrrpAdvert(version, options.vrid(), priority, interval, options.virtualAddresses());
            lastAdvert = advert;
        }
        try {
            int length = VrrpCodec.encode(advert, channel.sourceAddress(), channel.destination(), sendBuffer, 0);
            channel.send(sendBuffer, 0, length);
            advertsSent.incrementAndGet();
            if (takeoverPending) {
                tookOver();
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("VRRP instance {}: sending an advert on {} failed: {}", options.name(), options.interfaceName(),
                e.toString());
        }
    }

    /** @return the claim of the addresses when entering MASTER (else ignored) */
    private CompletionStage<Void> enter(VrrpState next, boolean acceptMode) {
        VrrpState previous = state;
        if (previous == next) {
            return CompletableFuture.completedFuture(null);
        }
        state = next;
        stateSince = Instant.now();
        // a takeover ends with this node's first advert as master; one left before it was sent is not one
        // (what it heard as backup stays as it was until then: only a backup's adverts update it)
        takeoverPending = next == VrrpState.MASTER && previous == VrrpState.BACKUP;
        lastTransition = new VrrpTransition(previous, next, stateSince, cause, peer);
        transitions.incrementAndGet(next.ordinal());
        CompletionStage<Void> claim;
        try {
            claim = sink.stateChanged(new StateSink.StateChange(options.name(), previous, next, acceptMode, cause,
                peer));
        } catch (RuntimeException e) {
            LOG.error("VRRP instance {}: a state listener failed on {} -> {}", options.name(), previous, next, e);
            claim = CompletableFuture.failedFuture(e);
        }
        // after the listeners: a log line costs about 1 ms here, which a new master's VIPs should not wait for
        LOG.info("VRRP instance {} (VRID {}, {}): {} -> {} at priority {}: {}", options.name(), options.vrid(),
            options.interfaceName(), previous, next, effectivePriority(), cause);
        return claim != null ? claim : CompletableFuture.completedFuture(null);
    }

    InstanceOptions options() {
        return options;
    }

    boolean stopped() {
        return stopped;
    }

    VrrpState state() {
        return state;
    }

    Instant stateSince() {
        return stateSince;
    }

    /**
     * The first advert as master went out: how long the group went without a master's advert, as this node saw it,
     * from the last advert it took as backup (arrival at the interface) to this one.
     */
    private void tookOver() {
        takeoverPending = false;
        long now = scheduler.nowMicros();
        Instant sent = Instant.now();
        boolean heard = heardAsBackupMicros != Long.MIN_VALUE;
        Optional<Duration> gap = heard ? Optional.of(Duration.ofNanos((now - heardAsBackupMicros) * 1000))
            : Optional.empty();
        VrrpTakeover t = new VrrpTakeover(heard ? heardAsBackupFrom : Optional.empty(), gap.map(sent::minus), sent,
            gap, Optional.ofNullable(claimedAt));
        lastTakeover = t;
        sink.tookOver(options.name(), t);
    }

    /** This node's last takeover: see {@link VrrpTakeover}; any thread. */
    Optional<VrrpTakeover> lastTakeover() {
        return Optional.ofNullable(lastTakeover);
    }

    /** The last change of state, with the cause and peer its {@link StateSink.StateChange} had; any thread. */
    Optional<VrrpTransition> lastTransition() {
        return Optional.ofNullable(lastTransition);
    }

    /** @see VrrpInstance#splitBrain() */
    Optional<String> splitBrain() {
        InetAddress peer = splitBrainPeer;
        long count = splitBrains.get();
        if (peer == null && count == 0) {
            return Optional.empty();
        }
        return Optional.of((peer != null ? "detected: " + AddressText.of(peer) + " advertises as master too"
            : "none now") + " (" + count + " since the instance started)");
    }

    long splitBrainCount() {
        return splitBrains.get();
    }

    Optional<InetAddress> primaryAddress() {
        return Optional.of(channel.sourceAddress());
    }

    Optional<InetAddress> masterAddress() {
        return masterAddress;
    }

    /** See {@link org.vireo.vrrp.VrrpInstance#resignationAdvert()}; any thread (its own buffer). */
    byte[] resignationAdvert() {
        int interval = version == VrrpVersion.V2 ? options.advertIntervalMillis() / 1000 : options.advertIntervalCentis();
        VrrpAdvert advert = new VrrpAdvert(version, options.vrid(), 0, interval, options.virtualAddresses());
        byte[] buffer = new byte[VrrpCodec.MAX_LENGTH];
        int length = VrrpCodec.encode(advert, channel.sourceAddress(), channel.destination(), buffer, 0);
        return Arrays.copyOf(buffer, length);
    }

    VrrpCounters counters() {
        Map<DropReason, Long> dropped = drops.snapshot();
        Map<VrrpState, Long> entered = new EnumMap<>(VrrpState.class);
        for (VrrpState s : VrrpState.values()) {
            entered.put(s, transitions.get(s.ordinal()));
        }
        return new VrrpCounters(advertsSent.get(), drops.received(), priorityZeroReceived.get(), becameMaster.get(),
            addressListMismatches.get(), dropped, entered);
    }

    List<String> warnings() {
        String problem = claimProblem;
        if (problem == null) {
            return warnings;
        }
        List<String> all = new ArrayList<>(warnings);
        all.add(problem);
        return List.copyOf(all);
    }
}
