package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.event.EventAdmin;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.NodeRegistry;
import org.vireo.config.AddressText;
import org.vireo.node.ReadinessCondition;
import org.vireo.node.ReleaseGate;
import org.vireo.vrrp.EffectivePriority;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpStateListener;
import org.vireo.vrrp.VrrpTakeover;
import org.vireo.vrrp.VrrpTransition;
import org.vireo.vrrp.VrrpTransport;
import org.vireo.vrrp.internal.syncgroup.SyncGroupOptions;
import org.vireo.vrrp.internal.syncgroup.SyncGroups;

/**
 * One configured virtual router ({@code org.vireo.vrrp.instance-<name>.cfg}). A changed configuration
 * restarts it (a master hands over with a priority-0 advert first); a refused one is logged and the
 * instance goes on with the configuration it had (at first start: it does not start).
 */
@Component(service = VrrpInstance.class, configurationPid = VrrpInstance.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // runs whether or not anyone looks it up
@Designate(ocd = InstanceConfig.class, factory = true)
public class InstanceComponent implements VrrpInstance, StateSink {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceComponent.class);
    private static final long STOP_TIMEOUT_SECONDS = 5;

    @Reference
    private VrrpNode node;

    @Reference
    private VrrpTransport transport;

    @Reference
    private SyncGroups syncGroups;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile EventAdmin eventAdmin;

    private final List<VrrpStateListener> listeners = new CopyOnWriteArrayList<>();
    private final List<ReadinessCondition> readiness = new CopyOnWriteArrayList<>();
    private final Map<EffectivePriority, String> trackers = new HashMap<>();
    private final ReleaseHold releaseHold = new ReleaseHold();
    private final InstanceEvents events = new InstanceEvents(this, () -> eventAdmin);
    /** Another master seen through the registry counts after this long: a take-back overlaps for up to a report. */
    private static final long REGISTRY_CONFIRM_MILLIS = 3000;
    private final RegistrySplitBrain registrySplitBrain = new RegistrySplitBrain(REGISTRY_CONFIRM_MILLIS);
    private NodeRegistry registry;
    private RegistryWatch registryWatch;
    private boolean active;

    private volatile InstanceLifecycle lifecycle;
    /** In the instance's place while its configuration was refused before it ever ran; null once it runs. */
    private volatile RefusedInstance refusedAtStart;
    private VrrpNode.ShutdownStop stopOnShutdown;
    private AutoCloseable groupMembership;
    private AutoCloseable tracking;
    private volatile String refusedConfiguration;

    /**
     * Starts the instance; a configuration refused here (a bad value, a key it does not read, a name or VRID taken)
     * leaves it listed as FAULT with the reason (vrrp:list) and not running, never a component that failed to
     * activate (whose service the commands would get as null).
     */
    @Activate
    synchronized void activate(Map<String, Object> properties) {
        firstStart(properties);
        active = true;
        watchRegistry();
    }

    /**
     * The cluster's node registry: the second path on which a split brain shows (another node reports itself master of
     * this instance while adverts do not meet).
     */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    synchronized void setRegistry(NodeRegistry registry) {
        this.registry = registry;
        watchRegistry();
    }

    synchronized void unsetRegistry(NodeRegistry gone) {
        if (registry == gone) {
            registry = null;
            watchRegistry();
        }
    }

    /** Watches the registry there is now, if the instance runs; the scheduler (node) is bound by then. */
    private void watchRegistry() {
        if (registryWatch != null) {
            registryWatch.close();
            registryWatch = null;
        }
        if (active && registry != null && lifecycle != null) {
            registryWatch = new RegistryWatch(registry, node, name(), () -> state() == VrrpState.MASTER,
                registrySplitBrain, this::registrySplitBrain);
        }
    }

    private void firstStart(Map<String, Object> properties) {
        InstanceOptions options;
        try {
            options = InstanceOptions.parse(properties);
            node.claim(options);
        } catch (IllegalArgumentException e) {
            refusedAtStart = RefusedInstance.of(properties, e.getMessage());
            LOG.error("{}; the instance does not run until it is fixed", e.getMessage());
            return;
        }
        start(options); // an interface that cannot be opened shows as FAULT and is retried
        refusedAtStart = null;
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        if (lifecycle == null) { // refused at the start: this one may start it
            firstStart(properties);
            watchRegistry();
            return;
        }
        InstanceOptions old = lifecycle.options();
        InstanceOptions next;
        try {
            next = InstanceOptions.parse(properties);
        } catch (IllegalArgumentException e) {
            refused(e, old);
            return;
        }
        refusedConfiguration = null;
        if (next.equals(old)) {
            return;
        }
        if (old.withPriority(next.priority()).equals(next) && old.priority() < 255 && next.priority() < 255) {
            // a new priority applies in the running election: no priority-0 handover for a tuning change
            newBasePriority(next);
            LOG.info("VRRP instance {}: priority {} -> {}", next.name(), old.priority(), next.priority());
            return;
        }
        Optional<String> restartFor = InPlaceChange.restartNeededFor(old, next);
        if (restartFor.isEmpty() && changedInPlace(old, next)) {
            return;
        }
        LOG.info("VRRP instance {}: {} changed: restarting it (a master hands over first)", old.name(),
            restartFor.orElse(InPlaceChange.changedKeys(old, next)));
        node.release(old);
        try {
            node.claim(next);
        } catch (IllegalArgumentException e) {
            node.claim(old);
            refused(e, old);
            return;
        }
        stopInstance("restarting with a changed configuration");
        start(next);
        if (!old.name().equals(next.name())) {
            watchRegistry(); // the registry reports instances by name
        }
    }

    /**
     * Applies a change of the same virtual router in the running election (VIPs, interval, preemption, peers, ...):
     * a master keeps its VIPs and advertises on. False if the transport cannot (the caller restarts it instead).
     */
    private boolean changedInPlace(InstanceOptions old, InstanceOptions next) {
        try {
            node.runAndWait(() -> lifecycle.reconfigure(next.withPriority(old.priority())), STOP_TIMEOUT_SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnsupportedOperationException) {
                return false;
            }
            LOG.error("VRRP instance {}: changing it in place failed; restarting it", old.name(), e.getCause());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } catch (TimeoutException e) {
            LOG.error("VRRP instance {}: changing it in place did not finish in {} s", old.name(),
                STOP_TIMEOUT_SECONDS);
            return true;
        }
        if (old.priority() != next.priority()) {
            newBasePriority(next);
        }
        LOG.info("VRRP instance {}: changed in place ({}), in state {}", next.name(),
            InPlaceChange.changedKeys(old, next), state());
        return true;
    }

    /** A new base priority in the running election, and health tracking's priority made again from it. */
    private void newBasePriority(InstanceOptions next) {
        lifecycle.basePriority(next);
        trackers.entrySet().stream().filter(t -> next.name().equals(t.getValue())).findFirst()
            .ifPresent(t -> track(t.getKey()));
    }

    private void refused(IllegalArgumentException e, InstanceOptions old) {
        refusedConfiguration = e.getMessage();
        LOG.error("{}; instance {} goes on with its previous configuration", e.getMessage(), old.name());
    }

    private void start(InstanceOptions options) {
        VrrpTransport.ChannelSpec spec = new VrrpTransport.ChannelSpec(options.interfaceName(), options.ipv6(),
            options.vrid(), options.unicastPeers(), options.virtualMac(), options.virtualAddresses());
        lifecycle = new InstanceLifecycle(options, node, this, receiver -> transport.open(spec, receiver),
            this::waitingForReadiness);
        InstanceLifecycle started = lifecycle;
        stopOnShutdown = new VrrpNode.ShutdownStop(
            () -> releaseHold.ask(started, "stopping: the node shuts down", started.options().releaseHoldMax()),
            started::stop);
        node.stopOnShutdown(stopOnShutdown);
        groupMembership = syncGroups.join(new GroupMember(started), node::execute);
        trackers.entrySet().stream().filter(t -> options.name().equals(t.getValue())).findFirst()
            .ifPresent(t -> track(t.getKey()));
        lifecycle.start();
        LOG.info("VRRP instance {} started: VRID {} on {}, priority {}, {} ms, VIPs {}", options.name(),
            options.vrid(), options.interfaceName(), options.priority(), options.advertIntervalMillis(),
            options.virtualAddresses());
    }

    @Deactivate
    synchronized void deactivate() {
        active = false;
        watchRegistry();
        if (lifecycle == null) {
            return; // never ran: nothing claimed, nothing to stop
        }
        try {
            stopInstance("stopping: its configuration or bundle is removed");
        } finally {
            node.release(lifecycle.options());
        }
    }

    /**
     * Stops the election: the pre-release gates' hold (while master), then the priority-0 advert and the release of
     * the VIPs, all before this returns.
     */
    private void stopInstance(String cause) {
        node.forget(stopOnShutdown);
        releaseHold.await(lifecycle, cause, lifecycle.options().releaseHoldMax());
        try {
            node.runAndWait(lifecycle::stop, STOP_TIMEOUT_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.error("VRRP instance {}: stopping it failed", lifecycle.name(), e);
        } finally {
            closeTracking();
            leaveGroup();
        }
    }

    /** Its sync group's others are held while it does not run (a group is master whole or not at all). */
    private void leaveGroup() {
        try {
            groupMembership.close();
        } catch (Exception e) {
            LOG.error("VRRP instance {}: leaving its sync group failed", lifecycle.name(), e);
        }
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void addListener(VrrpStateListener listener) {
        listeners.add(listener);
    }

    void removeListener(VrrpStateListener listener) {
        listeners.remove(listener);
    }

    /**
     * The node's readiness conditions (vireo-node's role features, the balancer, the VIP announcer): each registers
     * as its bundle starts, waiting, so a condition not there yet is one whose bundle has not started, and vireo-node's
     * waits until the role's features all have.
     */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void addReadiness(ReadinessCondition condition) {
        readiness.add(condition);
    }

    void removeReadiness(ReadinessCondition condition) {
        readiness.remove(condition);
    }

    /** The node's pre-release gates (a pre-release hook of vireo-notify's): asked before a graceful release. */
    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void addReleaseGate(ReleaseGate gate) {
        releaseHold.add(gate);
    }

    void removeReleaseGate(ReleaseGate gate) {
        releaseHold.remove(gate);
    }

    /** What the node waits for, every waiting condition in words; empty when all are ready. Any thread. */
    private Optional<String> waitingForReadiness() {
        List<String> waiting = ReadinessCondition.allWaitingFor(readiness);
        return waiting.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", waiting));
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    synchronized void addTracker(EffectivePriority tracker, Map<String, Object> properties) {
        trackers.put(tracker, String.valueOf(properties.get(NAME_PROPERTY)));
        if (lifecycle != null && name().equals(trackers.get(tracker))) {
            track(tracker);
        }
    }

    synchronized void removeTracker(EffectivePriority tracker) {
        String instanceName = trackers.remove(tracker);
        if (lifecycle != null && name().equals(instanceName)) {
            closeTracking();
            lifecycle.trackedPriority(basePriority(), "health tracking removed");
        }
    }

    private void track(EffectivePriority tracker) {
        closeTracking();
        try {
            int base = basePriority();
            tracking = tracker.watch(base, p -> lifecycle.trackedPriority(p, trackingReason(tracker, base)));
            lifecycle.trackedPriority(tracker.effectivePriority(base), trackingReason(tracker, base));
            TrackingWarning.of(tracker.mode(), preempt()).ifPresent(w -> LOG.warn("VRRP instance {}: {}", name(), w));
        } catch (RuntimeException e) {
            LOG.error("VRRP instance {}: health tracking failed; keeping the base priority", name(), e);
        }
    }

    /** Health tracking's reason, which a failing tracker must not keep from the priority itself. */
    private String trackingReason(EffectivePriority tracker, int base) {
        try {
            return "health tracking: " + tracker.reason(base);
        } catch (RuntimeException e) {
            LOG.debug("VRRP instance {}: health tracking's reason", name(), e);
            return "health tracking";
        }
    }

    private void closeTracking() {
        if (tracking != null) {
            try {
                tracking.close();
            } catch (Exception e) {
                LOG.debug("closing the tracking of {}", name(), e);
            }
            tracking = null;
        }
    }

    /** On becoming master: the listeners' claims, all of which the first advert waits for. */
    @Override
    public CompletionStage<Void> stateChanged(StateChange change) {
        syncGroups.changed();
        List<CompletableFuture<Void>> claims = new ArrayList<>();
        for (VrrpStateListener listener : listeners) {
            try {
                if (change.to() == VrrpState.MASTER) {
                    claims.add(listener.becameMaster(this, change.acceptMode()).toCompletableFuture());
                } else if (change.from() == VrrpState.MASTER) {
                    listener.leftMaster(this);
                }
            } catch (RuntimeException e) {
                LOG.error("VRRP instance {}: a state listener failed on {} -> {}", name(), change.from(), change.to(),
                    e);
                claims.add(CompletableFuture.failedFuture(e));
            }
        }
        events.transition(change);
        return claims.isEmpty() ? VrrpStateListener.NOTHING_TO_CLAIM
            : CompletableFuture.allOf(claims.toArray(CompletableFuture[]::new));
    }

    @Override
    public void priorityChanged(PriorityChange change) {
        events.priority(change);
    }

    @Override
    public void changedInPlace(String instance) {
        tellListeners(l -> l.changedInPlace(this), "on a change in place");
    }

    @Override
    public void groupInputsChanged() {
        syncGroups.changed();
    }

    @Override
    public Optional<String> syncGroup() {
        return syncGroups.groupOf(name()).map(SyncGroupOptions::name);
    }

    @Override
    public void splitBrain(String instance, boolean detected, InetAddress peer, int peerPriority,
                           boolean reannounce) {
        if (reannounce) {
            announceAgain();
        }
        postSplitBrain(detected, "advert", AddressText.of(peer), peerPriority, detected ? "advert from "
            + AddressText.of(peer) + " as master at priority " + peerPriority : reannounce
            ? "the other master went silent; the VIPs were announced again" : "this node left master");
    }

    /** A split brain seen (or over) through the registry: on the scheduler thread, as the advert path's. */
    private void registrySplitBrain(RegistrySplitBrain.Change change) {
        String other = "node " + change.other().node() + " (" + change.other().address() + ")";
        boolean stillMaster = state() == VrrpState.MASTER;
        String cause;
        if (change.detected()) {
            cause = "the cluster registry reports " + other + " as master too: its adverts and this node's do not meet";
            LOG.warn("VRRP instance {}: split brain: {}", name(), cause);
        } else {
            cause = stillMaster ? other + " no longer reports itself master; the VIPs were announced again"
                : "this node left master";
            LOG.warn("VRRP instance {}: split brain with {} over (cluster registry): {}", name(), other, cause);
            if (stillMaster) {
                announceAgain();
            }
        }
        postSplitBrain(change.detected(), "registry", change.other().address(), -1, cause);
    }

    private void announceAgain() {
        tellListeners(l -> l.announceAgain(this), "to announce the VIPs again");
    }

    /** Tells every state listener; one that fails is logged and does not keep the others from hearing. */
    private void tellListeners(Consumer<VrrpStateListener> what, String failedWhat) {
        for (VrrpStateListener listener : listeners) {
            try {
                what.accept(listener);
            } catch (RuntimeException e) {
                LOG.error("VRRP instance {}: a state listener failed {}", name(), failedWhat, e);
            }
        }
    }

    /** @param path how it was seen: {@code advert} (the other master's adverts) or {@code registry} */
    private void postSplitBrain(boolean detected, String path, String peer, int peerPriority, String cause) {
        InstanceLifecycle running = lifecycle;
        events.splitBrain(detected, path, peer, peerPriority,
            (running != null ? running.splitBrainCount() : 0L) + registrySplitBrain.count(), cause);
    }

    /** The advert path's account, then the registry's. */
    @Override
    public Optional<String> splitBrain() {
        Optional<String> adverts = view().splitBrain();
        Optional<String> registered = registrySplitBrain.describe();
        if (adverts.isPresent() && registered.isPresent()) {
            return Optional.of(adverts.get() + "; " + registered.get());
        }
        return adverts.isPresent() ? adverts : registered;
    }

    @Override
    public void tookOver(String instance, VrrpTakeover takeover) {
        events.tookOver(takeover);
    }

    private VrrpInstance view() {
        InstanceLifecycle running = lifecycle;
        return running != null ? running : refusedAtStart;
    }

    @Override
    public boolean refused() {
        return lifecycle == null;
    }

    @Override
    public String name() {
        return view().name();
    }

    @Override
    public int vrid() {
        return view().vrid();
    }

    @Override
    public String interfaceName() {
        return view().interfaceName();
    }

    @Override
    public int version() {
        return view().version();
    }

    @Override
    public VrrpState state() {
        return view().state();
    }

    @Override
    public Optional<String> fault() {
        return view().fault();
    }

    @Override
    public Instant stateSince() {
        return view().stateSince();
    }

    @Override
    public int basePriority() {
        return view().basePriority();
    }

    @Override
    public int effectivePriority() {
        return view().effectivePriority();
    }

    @Override
    public Optional<Integer> priorityOverride() {
        return view().priorityOverride();
    }

    /**
     * Health tracking's deductions, read from the tracker now (a monitor down in mode ONE changes no priority, so no
     * call of its watch would tell), then the operator's.
     */
    @Override
    public List<PriorityDeduction> priorityDeductions() {
        List<PriorityDeduction> all = new ArrayList<>(trackingDeductions());
        all.addAll(view().priorityDeductions());
        return List.copyOf(all);
    }

    private synchronized List<PriorityDeduction> trackingDeductions() {
        if (refused()) {
            return List.of();
        }
        String instanceName = name();
        int base = basePriority();
        return trackers.entrySet().stream().filter(t -> instanceName.equals(t.getValue())).findFirst()
            .map(t -> deductionsOf(t.getKey(), base)).orElse(List.of());
    }

    /** A failing tracker costs the operator the detail, not the rest of the view. */
    private List<PriorityDeduction> deductionsOf(EffectivePriority tracker, int base) {
        try {
            return tracker.deductions(base);
        } catch (RuntimeException e) {
            LOG.debug("VRRP instance {}: health tracking's deductions", name(), e);
            return List.of();
        }
    }

    @Override
    public Optional<VrrpTransition> lastTransition() {
        return view().lastTransition();
    }

    @Override
    public Optional<VrrpTakeover> lastTakeover() {
        return view().lastTakeover();
    }

    @Override
    public Optional<InetAddress> primaryAddress() {
        return view().primaryAddress();
    }

    @Override
    public Optional<InetAddress> masterAddress() {
        return view().masterAddress();
    }

    @Override
    public Duration advertInterval() {
        return view().advertInterval();
    }

    @Override
    public boolean preempt() {
        return view().preempt();
    }

    @Override
    public List<InetAddress> virtualAddresses() {
        return view().virtualAddresses();
    }

    @Override
    public boolean virtualMac() {
        return view().virtualMac();
    }

    @Override
    public Optional<byte[]> resignationAdvert() {
        return view().resignationAdvert();
    }

    @Override
    public VrrpCounters counters() {
        return view().counters();
    }

    @Override
    public Optional<String> waitingFor() {
        return view().waitingFor();
    }

    @Override
    public List<String> warnings() {
        List<String> all = new ArrayList<>(view().warnings());
        trackingWarning().ifPresent(all::add);
        String refused = refusedConfiguration;
        if (refused != null) {
            all.add(refused + " (running with the previous configuration)");
        }
        return List.copyOf(all);
    }

    private synchronized Optional<String> trackingWarning() {
        String instanceName = name();
        return trackers.entrySet().stream().filter(t -> instanceName.equals(t.getValue())).findFirst()
            .flatMap(t -> TrackingWarning.of(t.getKey().mode(), preempt()));
    }

    @Override
    public void overridePriority(Optional<Integer> priority) {
        view().overridePriority(priority);
    }

    @Override
    public void resign(Duration holdOff) {
        InstanceLifecycle running = lifecycle;
        if (running != null) { // a refused instance says why it cannot resign below
            Duration hold = holdOff != null ? holdOff : running.options().resignHoldOff();
            releaseHold.await(running, "resigning for " + hold.toSeconds() + " s", running.options().releaseHoldMax());
        }
        view().resign(holdOff);
    }
}
