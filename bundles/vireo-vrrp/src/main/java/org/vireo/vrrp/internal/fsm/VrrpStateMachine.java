package org.vireo.vrrp.internal.fsm;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeBackup;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeInitialize;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeMaster;
import org.vireo.vrrp.internal.fsm.FsmAction.CancelTimer;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.SplitBrainDetected;
import org.vireo.vrrp.internal.fsm.FsmAction.SplitBrainEnded;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.AddressesClaimed;
import org.vireo.vrrp.internal.fsm.FsmEvent.AdvertReceived;
import org.vireo.vrrp.internal.fsm.FsmEvent.ClaimFailed;
import org.vireo.vrrp.internal.fsm.FsmEvent.Held;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceDown;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceUp;
import org.vireo.vrrp.internal.fsm.FsmEvent.PriorityChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.ReadinessChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.Reconfigured;
import org.vireo.vrrp.internal.fsm.FsmEvent.Shutdown;
import org.vireo.vrrp.internal.fsm.FsmEvent.Startup;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/**
 * The state machine of one virtual router: RFC 5798 section 6.4 (and RFC 3768 timing for V2), plus preempt
 * delay, effective priority and link state.
 *
 * <p>Pure: {@link #handle} maps an event and the caller's monotonic time to the actions the caller must carry
 * out, in list order. It reads no clock and owns no timer; the caller arms timers on StartTimer and reports
 * their expiry with TimerFired. Not thread-safe: the caller serialises the events of one virtual router.
 *
 * <p>Events that do not apply in the current state are ignored and yield no action: adverts in Initialize
 * (as the RFC says), a TimerFired for a timer this state does not run (expiry raced with a cancel), Startup
 * while already running.
 *
 * <p>A new Master claims its addresses first and advertises only once the caller reports them claimed
 * (AddressesClaimed): RFC 5798 6.4.2 lists the advert before the gratuitous ARP, but a Backup that hears our advert
 * gives the addresses up at once, and clients then had nowhere to go until our claim was done (issue 19, defect 14:
 * 777 ms on a node still booting). The claim is bounded by the CLAIM timer; a claim that fails or runs out returns
 * the router to Backup without a single advert having been sent for addresses it does not hold.
 *
 * <p>A router that starts while its node is not ready to serve (ReadinessChanged(false) before Startup or InterfaceUp)
 * does not take over through its Master_Down_Timer either, until the node has been ready once: at start-up "no
 * advert heard" may only mean that the node's receive path is not running yet (a booting JVM once got the live
 * master's adverts 850 ms late, went master on Master_Down_Interval and drew the clients to ports not yet open).
 * After that first readiness, availability comes first: with no master heard a router takes over, ready or not.
 *
 * <p>The router runs only while it is enabled (Startup without a later Shutdown) and its link is up. The link is
 * assumed up until InterfaceDown says otherwise.
 */
public final class VrrpStateMachine {
    private static final CancelTimer CANCEL_ADVER = new CancelTimer(Timer.ADVER);
    private static final CancelTimer CANCEL_MASTER_DOWN = new CancelTimer(Timer.MASTER_DOWN);
    private static final CancelTimer CANCEL_SPLIT_BRAIN = new CancelTimer(Timer.SPLIT_BRAIN);
    private static final CancelTimer CANCEL_CLAIM = new CancelTimer(Timer.CLAIM);
    private static final BecomeBackup BECOME_BACKUP = new BecomeBackup();
    private static final BecomeInitialize BECOME_INITIALIZE = new BecomeInitialize();

    // replaced together by a Reconfigured event
    private FsmConfig config;
    private PreemptGate preemptGate;
    private BecomeMaster becomeMaster;
    private StartTimer armAdverTimer;
    private SendAdvert priorityZeroAdvert;
    private List<FsmAction> claim;

    private VrrpState state = VrrpState.INITIALIZE;
    /** Master, but its addresses not yet claimed: nothing is advertised until they are. */
    private boolean claimPending;
    private boolean enabled;
    private boolean linkUp = true;
    private int effectivePriority;
    private int masterAdverIntervalCentis;
    private long skewTimeMicros;
    private long masterDownIntervalMicros;
    private InetAddress masterAddress;
    /** Backup that discards the live master's lower adverts: its Master_Down_Timer runs out as it preempts. */
    private boolean preempting;
    /** The master this router discarded last as it preempted, and that master's advert interval. */
    private InetAddress preemptedSender;
    private long preemptedIntervalMicros;
    /**
     * Master by preempting {@link #preemptedSender}: its adverts up to this time are those it sent before ours reached
     * it (until the claim, and one of its intervals after our first), not a second master.
     */
    private InetAddress preempted;
    private long preemptedUntilMicros;
    /** Started while the node was not ready, and not ready since: the Master_Down_Timer does not make it Master. */
    private boolean startingUnready;
    private long lastNowMicros = Long.MIN_VALUE;
    // The periodic paths (Adver_Timer while Master, adverts while Backup) return these cached lists so they
    // allocate nothing; they are rebuilt only when the priority or the interval changes.
    private SendAdvert advert;
    private List<FsmAction> advertiseAndRearm;
    private List<FsmAction> rearmMasterDown;

    public VrrpStateMachine(FsmConfig config) {
        configure(Objects.requireNonNull(config, "config"), true);
        masterAdverIntervalCentis = config.advertIntervalCentis();
        setEffectivePriority(config.basePriority());
    }

    private void configure(FsmConfig next, boolean ready) {
        config = next;
        preemptGate = new PreemptGate(next.preempt(), next.preemptDelayMicros());
        preemptGate.ready(ready);
        becomeMaster = new BecomeMaster(next.acceptMode());
        armAdverTimer = new StartTimer(Timer.ADVER, next.advertIntervalMicros());
        priorityZeroAdvert = new SendAdvert(0, next.advertIntervalCentis());
        claim = List.of(becomeMaster, new StartTimer(Timer.CLAIM, next.claimTimeoutMicros()));
    }

    /**
     * The same virtual router with other settings, in the state it is in. A Master advertises a new interval at once
     * (its Backups learn it from that advert, RFC 5798 6.4.2) and re-arms its Adver_Timer; a Backup keeps the
     * Master's interval (v3: learnt from its adverts) and its running timer; a preempt delay under way starts again.
     */
    private List<FsmAction> onReconfigured(FsmConfig next) {
        if (next.vrid() != config.vrid() || next.version() != config.version()
                || !next.primaryAddress().equals(config.primaryAddress())
                || next.isAddressOwner() != config.isAddressOwner()) {
            throw new IllegalArgumentException("VRID, version, primary address and address ownership change only"
                    + " with a restart: " + config + " -> " + next);
        }
        boolean newInterval = next.advertIntervalCentis() != config.advertIntervalCentis();
        configure(next, preemptGate.ready());
        setEffectivePriority(effectivePriority); // the cached advert carries the interval
        if (state == VrrpState.MASTER) {
            setMasterAdverInterval(next.advertIntervalCentis());
            return newInterval && !claimPending ? advertiseAndRearm : List.of();
        }
        if (state == VrrpState.BACKUP && !config.version().learnsMasterInterval()) {
            setMasterAdverInterval(next.advertIntervalCentis()); // v2: the interval is configured alike everywhere
        }
        return List.of();
    }

    /**
     * Processes one event.
     *
     * @param nowMicros the caller's monotonic time; must not go backwards
     * @return the actions to carry out in order; immutable, possibly shared with earlier calls
     */
    public List<FsmAction> handle(FsmEvent event, long nowMicros) {
        Objects.requireNonNull(event, "event");
        if (nowMicros < lastNowMicros) {
            throw new IllegalArgumentException(
                    "nowMicros = " + nowMicros + " is before the previous event's " + lastNowMicros);
        }
        lastNowMicros = nowMicros;
        List<FsmAction> actions = dispatch(event, nowMicros);
        if (splitPeer != null && state != VrrpState.MASTER) {
            // left Master (stepped down, resigned, stopped, faulted) while another claimed it: no longer two masters
            InetAddress peer = splitPeer;
            splitPeer = null;
            List<FsmAction> all = new ArrayList<>(actions);
            all.add(CANCEL_SPLIT_BRAIN);
            all.add(new SplitBrainEnded(peer, false));
            return List.copyOf(all);
        }
        return actions;
    }

    private List<FsmAction> dispatch(FsmEvent event, long nowMicros) {
        if (event instanceof AdvertReceived received) {
            return onAdvert(received, nowMicros);
        } else if (event instanceof TimerFired fired) {
            return onTimer(fired.which());
        } else if (event instanceof AddressesClaimed) {
            return onClaimed();
        } else if (event instanceof ClaimFailed) {
            return claimPending ? giveUpClaim() : List.of();
        } else if (event instanceof ReadinessChanged readiness) {
            preemptGate.ready(readiness.ready());
            startingUnready &= !readiness.ready();
            return List.of();
        } else if (event instanceof PriorityChanged changed) {
            return onPriorityChanged(changed.effectivePriority());
        } else if (event instanceof Startup) {
            enabled = true;
            return startIfRunnable();
        } else if (event instanceof InterfaceUp) {
            linkUp = true;
            return startIfRunnable();
        } else if (event instanceof Shutdown) {
            enabled = false;
            return stop(true);
        } else if (event instanceof Held hold) {
            return onHeld(hold.held());
        } else if (event instanceof Reconfigured reconfigured) {
            return onReconfigured(reconfigured.config());
        } else if (event instanceof InterfaceDown) {
            linkUp = false;
            return stop(false); // the link is gone: a priority-0 advert could not leave anyway
        }
        throw new IllegalArgumentException("unknown event " + event);
    }

    // RFC 5798 6.4.1
    private List<FsmAction> startIfRunnable() {
        if (state != VrrpState.INITIALIZE || !enabled || !linkUp) {
            return List.of();
        }
        preemptGate.reset();
        startingUnready = !preemptGate.ready();
        // The owner test uses the effective priority: an owner whose tracking lowered it must not grab the
        // addresses before hearing whether someone better is Master.
        if (effectivePriority == FsmConfig.OWNER_PRIORITY && !held) {
            return becomeMaster();
        }
        state = VrrpState.BACKUP;
        setMasterAdverInterval(config.advertIntervalCentis());
        return List.of(new StartTimer(Timer.MASTER_DOWN, masterDownIntervalMicros), BECOME_BACKUP);
    }

    private List<FsmAction> stop(boolean announce) {
        VrrpState from = state;
        state = VrrpState.INITIALIZE;
        preempting = false;
        if (from == VrrpState.MASTER && claimPending) {
            claimPending = false; // never advertised: there is no mastership to hand over
            return List.of(CANCEL_CLAIM, BECOME_INITIALIZE);
        }
        if (from == VrrpState.MASTER) {
            return announce
                    ? List.of(CANCEL_ADVER, priorityZeroAdvert, BECOME_INITIALIZE)
                    : List.of(CANCEL_ADVER, BECOME_INITIALIZE);
        }
        if (from == VrrpState.BACKUP) {
            return List.of(CANCEL_MASTER_DOWN, BECOME_INITIALIZE);
        }
        return List.of();
    }

    private List<FsmAction> onTimer(Timer which) {
        if (which == Timer.ADVER && state == VrrpState.MASTER && !claimPending) {
            return advertiseAndRearm;
        }
        if (which == Timer.CLAIM && state == VrrpState.MASTER && claimPending) {
            return giveUpClaim();
        }
        if (which == Timer.SPLIT_BRAIN && state == VrrpState.MASTER && splitPeer != null) {
            InetAddress peer = splitPeer;
            splitPeer = null;
            return List.of(new SplitBrainEnded(peer, true));
        }
        if (which == Timer.MASTER_DOWN && state == VrrpState.BACKUP) {
            // Not eligible, or starting and not ready yet: keep watching, so that a later priority rise (or the
            // readiness the caller reports before the next expiry) can still lead to a takeover.
            if (!eligible() || startingUnready) {
                masterGone = true;
                return rearmMasterDown;
            }
            return becomeMaster();
        }
        return List.of();
    }

    private List<FsmAction> onAdvert(AdvertReceived received, long nowMicros) {
        if (state == VrrpState.BACKUP) {
            return backupReceives(received, nowMicros);
        }
        if (state == VrrpState.MASTER) {
            return masterReceives(received);
        }
        return List.of();
    }

    // RFC 5798 6.4.2, "If an ADVERTISEMENT is received"
    private List<FsmAction> backupReceives(AdvertReceived received, long nowMicros) {
        if (received.priority() == 0) {
            masterPriority = 0; // leaving: nobody to follow once Skew_Time is over
            return List.of(new StartTimer(Timer.MASTER_DOWN, skewTimeMicros));
        }
        if (!preemptGate.acceptsAsMaster(received.priority(), held ? 0 : effectivePriority, nowMicros)) {
            preempting = true;
            preemptedSender = received.sender();
            preemptedIntervalMicros = received.maxAdverIntervalCentis() * 10_000L;
            return List.of(); // discard: the Master_Down_Timer runs on and we preempt when it fires
        }
        preempting = false;
        followMaster(received);
        return rearmMasterDown;
    }

    // RFC 5798 6.4.3, "If an ADVERTISEMENT is received"
    private List<FsmAction> masterReceives(AdvertReceived received) {
        if (received.priority() == 0) {
            return claimPending ? List.of() : advertiseAndRearm; // the claim's end sends our first advert
        }
        boolean senderWins = received.priority() > effectivePriority
                || (received.priority() == effectivePriority
                        && AddressOrder.compare(received.sender(), config.primaryAddress()) > 0);
        if (!senderWins) {
            return otherMaster(received);
        }
        state = VrrpState.BACKUP;
        preemptGate.reset();
        followMaster(received);
        StartTimer masterDown = new StartTimer(Timer.MASTER_DOWN, masterDownIntervalMicros);
        if (claimPending) {
            claimPending = false;
            return List.of(CANCEL_CLAIM, masterDown, BECOME_BACKUP);
        }
        return List.of(CANCEL_ADVER, masterDown, BECOME_BACKUP);
    }

    /**
     * RFC 5798 6.4.3 discards a lower Master's advert. But another router advertising as Master means both are: a
     * split brain (one's adverts did not reach the other). It is reported; ours goes out now, so the other yields on
     * hearing it rather than at our next interval; and it is over once the other has been silent for
     * Master_Down_Interval, when our addresses are announced again (keepalived sends nothing then: #1884). Not the
     * master this router preempted, within an interval of its own after our first advert: the console showed a split
     * brain at every take-back, for the one advert the old master sent before it heard ours.
     */
    private List<FsmAction> otherMaster(AdvertReceived received) {
        StartTimer watch = new StartTimer(Timer.SPLIT_BRAIN, masterDownIntervalMicros);
        if (splitPeer != null) {
            return List.of(watch);
        }
        if (received.sender().equals(preempted) && lastNowMicros <= preemptedUntilMicros) {
            // the master this router just preempted, its advert sent before ours reached it: an ordinary take-back
            // (its next one would come an interval later, once it has heard ours and yielded), answered at once
            return claimPending ? List.of() : advertiseAndRearm;
        }
        splitPeer = received.sender();
        SplitBrainDetected detected = new SplitBrainDetected(received.sender(), received.priority());
        if (claimPending) {
            return List.of(detected, watch);
        }
        List<FsmAction> actions = new ArrayList<>(List.of(detected, watch));
        actions.addAll(advertiseAndRearm);
        return List.copyOf(actions);
    }

    private List<FsmAction> onPriorityChanged(int priority) {
        if (priority == FsmConfig.OWNER_PRIORITY && !config.isAddressOwner()) {
            throw new IllegalArgumentException("effectivePriority = 255 is reserved for the address owner; "
                    + "accepted for basePriority " + config.basePriority() + ": 0..254");
        }
        if (priority == effectivePriority) {
            return List.of();
        }
        setEffectivePriority(priority);
        if (state == VrrpState.BACKUP && masterGone && eligible() && !startingUnready) {
            // its Master_Down_Timer ran out while it could not take over, and no master spoke since: nobody is
            // master, and waiting for the next expiry would leave the addresses unserved that long (a sync group's
            // members are held at 0 until all of them can take over, then must do so together)
            return becomeMaster();
        }
        if (state != VrrpState.MASTER) {
            // A Backup's running Master_Down_Timer keeps its deadline; the next reset uses the new values.
            return List.of();
        }
        if (priority > 0) {
            // tell the Backups now, so a better one can preempt without waiting (a pending claim's end advertises)
            return claimPending ? List.of() : advertiseAndRearm;
        }
        return stepDown();
    }

    /** Held or released; see {@link Held}. */
    private List<FsmAction> onHeld(boolean value) {
        if (value == held) {
            return List.of();
        }
        held = value;
        if (held) {
            return state == VrrpState.MASTER ? stepDown() : List.of();
        }
        if (state == VrrpState.BACKUP && masterGone && eligible() && !startingUnready) {
            return becomeMaster(); // nobody became master meanwhile: take over now, as its timer said
        }
        return List.of();
    }

    private boolean eligible() {
        return effectivePriority > 0 && !held;
    }

    /**
     * Not eligible any more: hand over like a Shutdown (priority 0 makes Backups wait only Skew_Time), but stay in
     * Backup so the router can return when it may, after a Master_Down_Interval of its own like any Backup (the
     * others are taking over meanwhile: RFC 5798's patience).
     */
    private List<FsmAction> stepDown() {
        state = VrrpState.BACKUP;
        preemptGate.reset();
        setMasterAdverInterval(config.advertIntervalCentis());
        if (claimPending) {
            claimPending = false;
            return List.of(CANCEL_CLAIM, new StartTimer(Timer.MASTER_DOWN, masterDownIntervalMicros), BECOME_BACKUP);
        }
        return List.of(CANCEL_ADVER, priorityZeroAdvert, new StartTimer(Timer.MASTER_DOWN, masterDownIntervalMicros),
                BECOME_BACKUP);
    }

    // RFC 5798 6.4.2 / 6.4.3: announce the addresses, go Master; the advert and the Adver_Timer wait for the claim.
    private List<FsmAction> becomeMaster() {
        state = VrrpState.MASTER;
        preempted = preempting ? preemptedSender : null;
        preemptedUntilMicros = Long.MAX_VALUE; // until the claim: nothing of ours went out yet
        preempting = false;
        masterGone = false;
        masterPriority = 0; // a master follows nobody; nor does it once it steps down, until an advert comes
        claimPending = true;
        masterAddress = config.primaryAddress();
        setMasterAdverInterval(config.advertIntervalCentis());
        return claim;
    }

    private List<FsmAction> onClaimed() {
        if (!claimPending) {
            return List.of(); // late: the claim was given up, or mastership left meanwhile
        }
        claimPending = false;
        preemptedUntilMicros = lastNowMicros + preemptedIntervalMicros;
        return List.of(CANCEL_CLAIM, advert, armAdverTimer);
    }

    // Not one advert went out: the peers still follow whoever they followed, and so do we.
    private List<FsmAction> giveUpClaim() {
        claimPending = false;
        state = VrrpState.BACKUP;
        preemptGate.reset();
        return List.of(CANCEL_CLAIM, new StartTimer(Timer.MASTER_DOWN, masterDownIntervalMicros), BECOME_BACKUP);
    }

    private void followMaster(AdvertReceived received) {
        masterAddress = received.sender();
        masterPriority = received.priority();
        masterGone = false;
        // V2: the codec has dropped adverts whose interval differs from ours, so ours is the Master's.
        setMasterAdverInterval(config.version().learnsMasterInterval()
                ? received.maxAdverIntervalCentis()
                : config.advertIntervalCentis());
    }

    private void setEffectivePriority(int priority) {
        effectivePriority = priority;
        advert = new SendAdvert(priority, config.advertIntervalCentis());
        advertiseAndRearm = List.of(advert, armAdverTimer);
        recomputeDownTimes();
    }

    private void setMasterAdverInterval(int centis) {
        masterAdverIntervalCentis = centis;
        recomputeDownTimes();
    }

    // Skew_Time uses our own priority (RFC 5798 6.1), so both interval and priority changes land here.
    private void recomputeDownTimes() {
        skewTimeMicros = VrrpTimings.skewTimeMicros(config.version(), effectivePriority, masterAdverIntervalCentis);
        long downMicros = VrrpTimings.masterDownIntervalMicros(
                config.version(), effectivePriority, masterAdverIntervalCentis);
        if (rearmMasterDown == null || downMicros != masterDownIntervalMicros) {
            rearmMasterDown = List.of(new StartTimer(Timer.MASTER_DOWN, downMicros));
        }
        masterDownIntervalMicros = downMicros;
    }

    public FsmConfig config() {
        return config;
    }

    public VrrpState state() {
        return state;
    }

    /** A Backup's Master_Down_Timer ran out while it could not take over, and no master has spoken since. */
    private boolean masterGone;
    /** Not eligible whatever its priority: see {@link Held}. */
    private boolean held;
    /** The priority of the master last followed. */
    private int masterPriority;

    /**
     * The priority of the live master this Backup follows (it accepted the master's last advert, which did not
     * say priority 0, and its Master_Down_Timer has not run out since); empty while Master or Initialize, when
     * preempting, or when no master is heard.
     */
    public OptionalInt followedMasterPriority() {
        int p = followedMasterPriorityOrZero();
        return p > 0 ? OptionalInt.of(p) : OptionalInt.empty();
    }

    /** {@link #followedMasterPriority()}, 0 for none: for the advert path, which allocates nothing. */
    public int followedMasterPriorityOrZero() {
        return state == VrrpState.BACKUP && masterAddress != null && !masterGone && !preempting ? masterPriority : 0;
    }

    /** The other router that advertises as Master while this one is (a split brain); null if none. */
    private InetAddress splitPeer;

    /** Master whose addresses are being claimed: it has not advertised yet. */
    public boolean claimPending() {
        return claimPending;
    }

    /** The priority advertised and compared: the base priority until a PriorityChanged says otherwise. */
    public int effectivePriority() {
        return effectivePriority;
    }

    /** Master_Adver_Interval: learned from the Master in V3, our own interval in V2 and while Master. */
    public int masterAdverIntervalCentis() {
        return masterAdverIntervalCentis;
    }

    public long skewTimeMicros() {
        return skewTimeMicros;
    }

    public long masterDownIntervalMicros() {
        return masterDownIntervalMicros;
    }

    /**
     * The Master as last known: our own primary address while (or since last) Master, else the sender of the
     * last advert accepted as the Master's; empty until either happens.
     */
    public Optional<InetAddress> masterAddress() {
        return Optional.ofNullable(masterAddress);
    }

    /**
     * A Backup whose last advert from a live Master was discarded because this router preempts it (its priority is
     * higher, any preempt delay has run out, the node is ready): when its Master_Down_Timer fires, it takes over from a
     * master that is still there, not from a silent one.
     */
    public boolean preempting() {
        return preempting;
    }

    @Override
    public String toString() {
        return "VrrpStateMachine[vrid=" + config.vrid() + ", state=" + state + ", priority=" + effectivePriority
                + ", masterAdverIntervalCentis=" + masterAdverIntervalCentis + "]";
    }
}
