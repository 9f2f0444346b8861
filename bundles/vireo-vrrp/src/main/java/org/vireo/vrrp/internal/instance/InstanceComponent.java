package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.vrrp.EffectivePriority;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpStateListener;
import org.vireo.vrrp.VrrpTransport;

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

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile EventAdmin eventAdmin;

    private final List<VrrpStateListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<EffectivePriority, String> trackers = new HashMap<>();

    private InstanceLifecycle lifecycle;
    private Runnable stopOnShutdown;
    private AutoCloseable tracking;
    private volatile String refusedConfiguration;

    @Activate
    synchronized void activate(Map<String, Object> properties) {
        InstanceOptions options = InstanceOptions.parse(properties);
        node.claim(options);
        start(options); // an interface that cannot be opened shows as FAULT and is retried
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
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
            lifecycle.basePriority(next);
            trackers.entrySet().stream().filter(t -> next.name().equals(t.getValue())).findFirst()
                .ifPresent(t -> track(t.getKey()));
            LOG.info("VRRP instance {}: priority {} -> {}", next.name(), old.priority(), next.priority());
            return;
        }
        node.release(old);
        try {
            node.claim(next);
        } catch (IllegalArgumentException e) {
            node.claim(old);
            refused(e, old);
            return;
        }
        stopInstance();
        start(next);
    }

    private void refused(IllegalArgumentException e, InstanceOptions old) {
        refusedConfiguration = e.getMessage();
        LOG.error("{}; instance {} goes on with its previous configuration", e.getMessage(), old.name());
    }

    private void start(InstanceOptions options) {
        VrrpTransport.ChannelSpec spec = new VrrpTransport.ChannelSpec(options.interfaceName(), options.ipv6(),
            options.vrid(), options.unicastPeers(), options.virtualMac(), options.virtualAddresses());
        lifecycle = new InstanceLifecycle(options, node, this, receiver -> transport.open(spec, receiver));
        InstanceLifecycle started = lifecycle;
        stopOnShutdown = started::stop;
        node.stopOnShutdown(stopOnShutdown);
        trackers.entrySet().stream().filter(t -> options.name().equals(t.getValue())).findFirst()
            .ifPresent(t -> track(t.getKey()));
        lifecycle.start();
        LOG.info("VRRP instance {} started: VRID {} on {}, priority {}, {} ms, VIPs {}", options.name(),
            options.vrid(), options.interfaceName(), options.priority(), options.advertIntervalMillis(),
            options.virtualAddresses());
    }

    @Deactivate
    synchronized void deactivate() {
        try {
            stopInstance();
        } finally {
            node.release(lifecycle.options());
        }
    }

    /** Stops the election: the priority-0 advert and the release of the VIPs happen before this returns. */
    private void stopInstance() {
        node.forget(stopOnShutdown);
        try {
            node.runAndWait(lifecycle::stop, STOP_TIMEOUT_SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.error("VRRP instance {}: stopping it failed", lifecycle.name(), e);
        } finally {
            closeTracking();
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
            lifecycle.trackedPriority(basePriority());
        }
    }

    private void track(EffectivePriority tracker) {
        closeTracking();
        try {
            tracking = tracker.watch(basePriority(), lifecycle::trackedPriority);
            lifecycle.trackedPriority(tracker.effectivePriority(basePriority()));
            TrackingWarning.of(tracker.mode(), preempt()).ifPresent(w -> LOG.warn("VRRP instance {}: {}", name(), w));
        } catch (RuntimeException e) {
            LOG.error("VRRP instance {}: health tracking failed; keeping the base priority", name(), e);
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

    @Override
    public void stateChanged(String instanceName, VrrpState previous, VrrpState current, boolean acceptMode) {
        for (VrrpStateListener listener : listeners) {
            if (current == VrrpState.MASTER) {
                listener.becameMaster(this, acceptMode);
            } else if (previous == VrrpState.MASTER) {
                listener.leftMaster(this);
            }
        }
        EventAdmin events = eventAdmin;
        if (events != null) {
            Map<String, Object> p = new HashMap<>();
            p.put("name", name());
            p.put("vrid", vrid());
            p.put("state", current.name());
            p.put("previous", previous.name());
            p.put("priority", effectivePriority());
            masterAddress().ifPresent(m -> p.put("master", m.getHostAddress()));
            events.postEvent(new Event(STATE_TOPIC, p));
        }
    }

    @Override
    public String name() {
        return lifecycle.name();
    }

    @Override
    public int vrid() {
        return lifecycle.vrid();
    }

    @Override
    public String interfaceName() {
        return lifecycle.interfaceName();
    }

    @Override
    public int version() {
        return lifecycle.version();
    }

    @Override
    public VrrpState state() {
        return lifecycle.state();
    }

    @Override
    public Optional<String> fault() {
        return lifecycle.fault();
    }

    @Override
    public Instant stateSince() {
        return lifecycle.stateSince();
    }

    @Override
    public int basePriority() {
        return lifecycle.basePriority();
    }

    @Override
    public int effectivePriority() {
        return lifecycle.effectivePriority();
    }

    @Override
    public Optional<Integer> priorityOverride() {
        return lifecycle.priorityOverride();
    }

    @Override
    public Optional<InetAddress> primaryAddress() {
        return lifecycle.primaryAddress();
    }

    @Override
    public Optional<InetAddress> masterAddress() {
        return lifecycle.masterAddress();
    }

    @Override
    public Duration advertInterval() {
        return lifecycle.advertInterval();
    }

    @Override
    public boolean preempt() {
        return lifecycle.preempt();
    }

    @Override
    public List<InetAddress> virtualAddresses() {
        return lifecycle.virtualAddresses();
    }

    @Override
    public boolean virtualMac() {
        return lifecycle.virtualMac();
    }

    @Override
    public Optional<byte[]> resignationAdvert() {
        return lifecycle.resignationAdvert();
    }

    @Override
    public VrrpCounters counters() {
        return lifecycle.counters();
    }

    @Override
    public List<String> warnings() {
        List<String> all = new java.util.ArrayList<>(lifecycle.warnings());
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
        lifecycle.overridePriority(priority);
    }

    @Override
    public void resign(Duration holdOff) {
        lifecycle.resign(holdOff);
    }
}
