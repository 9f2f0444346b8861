package org.vireo.health.internal.track;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.health.Monitor;
import org.vireo.health.TrackStatus;
import org.vireo.health.TrackedGroup;
import org.vireo.health.internal.HealthScheduler;
import org.vireo.health.internal.LinkState;
import org.vireo.vrrp.EffectivePriority;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpInstance;

/**
 * One tracked group ({@code etc/org.vireo.health.track-<name>.cfg}), registered as {@link TrackedGroup} and
 * {@link EffectivePriority} with {@code vrrp.name} = its instance. DS cannot derive that property from the
 * configuration key {@code instance}, so the component registers the service itself; a new instance name
 * re-registers it. A refused modification is logged and the group goes on with its previous configuration.
 */
@Component(service = {}, configurationPid = TrackedGroup.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
@Designate(ocd = TrackConfig.class, factory = true)
public class TrackComponent implements TrackedGroup, EffectivePriority {

    private static final Logger LOG = LoggerFactory.getLogger(TrackComponent.class);
    private static final String[] SERVICES = {TrackedGroup.class.getName(), EffectivePriority.class.getName()};

    @Reference
    private HealthScheduler scheduler;

    @Reference
    private TrackClaims claims;

    private final GroupTracker tracker = new GroupTracker(iface -> LinkState.read(LinkState.SYS_CLASS_NET, iface));

    private BundleContext context;
    private String pid;
    private ServiceRegistration<?> registration;
    private ScheduledFuture<?> polling;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void addMonitor(Monitor monitor, Map<String, Object> properties) {
        tracker.monitorAdded(monitorName(monitor, properties), monitor);
    }

    void removeMonitor(Monitor monitor) {
        tracker.monitorRemoved(monitor);
    }

    private static String monitorName(Monitor monitor, Map<String, Object> properties) {
        Object name = properties.get(Monitor.NAME_PROPERTY);
        return name != null ? String.valueOf(name) : monitor.name();
    }

    /**
     * Starts tracking. A configuration refused here holds the instance it names at priority 0 (health:track shows
     * the group waiting for "(its configuration is refused)") until a good one comes: untracked, at its base
     * priority, a node whose checks would fail could take the VIP. One that names no instance tracks nothing.
     */
    @Activate
    synchronized void activate(BundleContext bundleContext, Map<String, Object> properties) {
        context = bundleContext;
        pid = String.valueOf(properties.getOrDefault("service.pid", TrackedGroup.FACTORY_PID));
        firstStart(properties);
    }

    private void firstStart(Map<String, Object> properties) {
        TrackOptions options;
        try {
            options = TrackOptions.parse(properties);
            claims.claim(options.instance(), pid);
        } catch (IllegalArgumentException e) {
            Optional<String> instance = TrackOptions.instanceOf(properties);
            try {
                instance.ifPresent(i -> claims.claim(i, pid));
            } catch (IllegalArgumentException taken) {
                instance = Optional.empty();
            }
            LOG.error("{}; {}", e.getMessage(), instance.map(i -> "VRRP instance " + i + " is held at priority 0"
                + " until it is fixed").orElse("nothing is tracked"));
            if (instance.isEmpty()) {
                return;
            }
            options = TrackOptions.holding(instance.get());
        }
        tracker.configure(options);
        schedulePolling(options);
        register(options);
        LOG.info("health tracking for VRRP instance {}: mode {}, monitors {}, interfaces {}", options.instance(),
            options.mode(), options.monitors(), options.interfaceWeights());
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        TrackOptions old = tracker.options();
        if (old == null) { // refused at the start without an instance to hold: this one may start it
            firstStart(properties);
            return;
        }
        TrackOptions next;
        try {
            next = TrackOptions.parse(properties);
            claims.claim(next.instance(), pid);
        } catch (IllegalArgumentException e) {
            LOG.error("{}; tracking for VRRP instance {} goes on with its previous configuration", e.getMessage(),
                old.instance());
            return;
        }
        if (next.equals(old)) {
            return;
        }
        if (!next.instance().equals(old.instance())) {
            claims.release(old.instance(), pid);
            unregister();
        }
        tracker.configure(next);
        if (next.interfaceCheckMillis() != old.interfaceCheckMillis()
            || !next.interfaceWeights().keySet().equals(old.interfaceWeights().keySet())) {
            schedulePolling(next);
        }
        if (registration == null) {
            register(next);
        }
        LOG.info("health tracking for VRRP instance {}: now mode {}, monitors {}, interfaces {}", next.instance(),
            next.mode(), next.monitors(), next.interfaceWeights());
    }

    @Deactivate
    synchronized void deactivate() {
        unregister();
        if (polling != null) {
            polling.cancel(false);
        }
        TrackOptions options = tracker.options();
        tracker.close();
        if (options != null) {
            claims.release(options.instance(), pid);
        }
    }

    private void schedulePolling(TrackOptions options) {
        if (polling != null) {
            polling.cancel(false);
            polling = null;
        }
        if (!options.interfaceWeights().isEmpty()) {
            long every = options.interfaceCheckMillis();
            polling = scheduler.executor().scheduleWithFixedDelay(tracker::pollInterfaces, every, every,
                TimeUnit.MILLISECONDS);
        }
    }

    private void register(TrackOptions options) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(VrrpInstance.NAME_PROPERTY, options.instance());
        registration = context.registerService(SERVICES, this, props);
    }

    private void unregister() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                LOG.debug("tracked group of {} was unregistered already", pid, e);
            }
            registration = null;
        }
    }

    @Override
    public String instanceName() {
        return tracker.options().instance();
    }

    @Override
    public TrackStatus status(int basePriority) {
        return tracker.status(basePriority);
    }

    @Override
    public int effectivePriority(int basePriority) {
        return tracker.effectivePriority(basePriority);
    }

    @Override
    public AutoCloseable watch(int basePriority, IntConsumer changed) {
        return tracker.watch(basePriority, changed);
    }

    @Override
    public String mode() {
        return tracker.options().mode().name();
    }

    @Override
    public List<PriorityDeduction> deductions(int basePriority) {
        return tracker.deductions(basePriority);
    }

    @Override
    public String reason(int basePriority) {
        return tracker.status(basePriority).reason();
    }
}
