package org.vireo.vrrp.internal.protoerror;

import java.net.Inet6Address;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.vireo.vrrp.VrrpInstance;

/**
 * Posts {@value VrrpInstance#PROTOCOL_ERROR_TOPIC} for the adverts the instances drop as protocol errors, read from
 * their counters once a second and limited by a {@link ProtocolErrorLimiter}. A component of its own beside the
 * instances rather than a hook in their receive path: the receive thread stays as it is, and a second's delay is
 * nothing to a trap or a log line.
 */
@Component(immediate = true)
public class ProtocolErrorReporter {

    static final long POLL_MILLIS = 1000;

    @Reference
    private EventAdmin eventAdmin;

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();
    private final ProtocolErrorLimiter limiter = new ProtocolErrorLimiter();
    private ScheduledExecutorService poller;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
    }

    synchronized void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
        limiter.forget(instance.name());
    }

    @Activate
    void activate() {
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "vireo-vrrp-protocol-errors");
            t.setDaemon(true);
            return t;
        });
        poller.scheduleWithFixedDelay(() -> poll(System.nanoTime()), POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Deactivate
    void deactivate() {
        poller.shutdownNow();
    }

    /** One look at every instance's counters; the poller's thread only. */
    synchronized void poll(long nowNanos) {
        for (VrrpInstance instance : instances) {
            if (!instance.refused()) {
                limiter.observe(instance.name(), instance.counters().drops(), nowNanos)
                    .forEach(report -> eventAdmin.postEvent(new Event(VrrpInstance.PROTOCOL_ERROR_TOPIC,
                        fields(instance, report))));
            }
        }
    }

    /** The event's fields (see {@link VrrpInstance#PROTOCOL_ERROR_TOPIC}). */
    static Map<String, Object> fields(VrrpInstance instance, ProtocolErrorLimiter.Report report) {
        Map<String, Object> p = new HashMap<>();
        p.put("instance", instance.name());
        p.put("vrid", instance.vrid());
        p.put("interface", instance.interfaceName());
        List<java.net.InetAddress> vips = instance.virtualAddresses();
        p.put("family", !vips.isEmpty() && vips.get(0) instanceof Inet6Address ? "ipv6" : "ipv4");
        p.put("reason", report.reason().name());
        p.put("description", report.reason().description());
        p.put("count", report.count());
        return p;
    }
}
