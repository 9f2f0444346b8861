package org.vireo.health.internal.monitor;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ServiceScope;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorFactory;
import org.vireo.health.MonitorStatus;

/**
 * Monitors started by other bundles. One instance per using bundle (bundle scope), so that the monitors of a
 * bundle that stops, or that never closed them, stop with it. Each is registered as a {@link Monitor} service
 * like a configured one, so {@code health:list} and tracking see it.
 */
@Component(service = MonitorFactory.class, scope = ServiceScope.BUNDLE)
public class MonitorFactoryComponent implements MonitorFactory {

    @Reference
    private MonitorRegistry registry;

    private BundleContext context;
    private final Set<Owned> running = ConcurrentHashMap.newKeySet();

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @Deactivate
    void deactivate() {
        new ArrayList<>(running).forEach(Owned::close);
    }

    @Override
    public OwnedMonitor start(String owner, Map<String, ?> settings) {
        ConfiguredMonitor monitor = new ConfiguredMonitor(registry, registry.checks(), registry.executor(), owner);
        monitor.start(settings);
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(Monitor.NAME_PROPERTY, monitor.name());
        Owned owned = new Owned(monitor, context.registerService(Monitor.class, monitor, properties));
        running.add(owned);
        return owned;
    }

    private final class Owned implements OwnedMonitor {
        private final ConfiguredMonitor monitor;
        private final ServiceRegistration<Monitor> registration;

        Owned(ConfiguredMonitor monitor, ServiceRegistration<Monitor> registration) {
            this.monitor = monitor;
            this.registration = registration;
        }

        @Override
        public void close() {
            if (!running.remove(this)) {
                return;
            }
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // the health bundle is stopping: the framework took the registration already
            } finally {
                monitor.stop();
            }
        }

        @Override
        public String name() {
            return monitor.name();
        }

        @Override
        public MonitorStatus status() {
            return monitor.status();
        }

        @Override
        public AutoCloseable watch(Consumer<MonitorStatus> changed) {
            return monitor.watch(changed);
        }

        @Override
        public Map<String, String> settings() {
            return monitor.settings();
        }

        @Override
        public List<String> warnings() {
            return monitor.warnings();
        }
    }
}
