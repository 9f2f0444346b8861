package org.vireo.health.internal.monitor;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
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
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.health.Monitor;

/**
 * One configured monitor ({@code etc/org.vireo.health.monitor-<name>.cfg}). It registers its {@link Monitor}
 * itself, not through DS, because the service property {@value Monitor#NAME_PROPERTY} comes from the
 * configuration's {@code name} and follows it when it changes. Its metatype, {@code org.vireo.settings.MonitorConfig},
 * designates the factory PID in vireo-settings: bnd writes a {@code @Designate} only for an OCD of the same bundle.
 */
@Component(service = {}, configurationPid = Monitor.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE)
public class MonitorComponent {

    private static final Logger LOG = LoggerFactory.getLogger(MonitorComponent.class);

    @Reference
    private MonitorRegistry registry;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile EventAdmin eventAdmin;

    private BundleContext context;
    /** Null while the configuration was refused before the monitor ever ran (a {@link RefusedMonitor} shows it). */
    private ConfiguredMonitor monitor;
    private ServiceRegistration<Monitor> registration;

    /**
     * Starts the monitor. One whose configuration is refused here is listed by health:list as
     * {@code <file> (refused)}, the reason in health:show, and checks nothing until a good configuration comes.
     */
    @Activate
    synchronized void activate(BundleContext bundleContext, Map<String, Object> properties) {
        context = bundleContext;
        firstStart(properties);
    }

    private void firstStart(Map<String, Object> properties) {
        ConfiguredMonitor m = new ConfiguredMonitor(registry, registry.checks(), registry.executor(),
            source(properties));
        try {
            m.start(properties);
        } catch (IllegalArgumentException e) {
            // the operator's line, without a stack trace
            LOG.error("{}; the monitor does not run until it is fixed", e.getMessage());
            RefusedMonitor refused = RefusedMonitor.of(source(properties), e.getMessage());
            registration = context.registerService(Monitor.class, refused, serviceProperties(refused.name()));
            return;
        }
        monitor = m;
        m.watch(new HealthEvents(this::post));
        registration = context.registerService(Monitor.class, monitor, serviceProperties(monitor.name()));
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        if (monitor == null) { // refused at the start: this one may start it
            unregister();
            firstStart(properties);
        } else if (monitor.reconfigure(properties)) {
            registration.setProperties(serviceProperties(monitor.name()));
        }
    }

    @Deactivate
    synchronized void deactivate() {
        try {
            unregister();
        } finally {
            if (monitor != null) {
                monitor.stop();
            }
        }
    }

    /** Posted, never sent: the monitor's watchers do not wait for EventAdmin's handlers. */
    private void post(String topic, Map<String, Object> properties) {
        EventAdmin events = eventAdmin;
        if (events != null) {
            events.postEvent(new Event(topic, properties));
        }
    }

    private void unregister() {
        try {
            registration.unregister();
        } catch (IllegalStateException e) {
            // the bundle is stopping and the framework has unregistered it already
        }
    }

    private static Dictionary<String, Object> serviceProperties(String name) {
        Hashtable<String, Object> p = new Hashtable<>();
        p.put(Monitor.NAME_PROPERTY, name);
        return p;
    }

    /** The configuration for the operator: its file under etc/ if it has one, else its PID. */
    static String source(Map<String, ?> properties) {
        Object file = properties.get("felix.fileinstall.filename");
        if (file != null) {
            String f = String.valueOf(file);
            return f.substring(f.lastIndexOf('/') + 1);
        }
        return String.valueOf(properties.get(Constants.SERVICE_PID));
    }
}
