package org.vireo.vrrp.internal.instance;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * What the instances of this node share: the one scheduler thread their state machines and timers run on,
 * and the registry that keeps two instances from taking the same name or the same VRID on an interface.
 */
@Component(service = VrrpNode.class)
public class VrrpNode implements Scheduler {

    private ScheduledThreadPoolExecutor executor;
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, String> vrids = new HashMap<>();

    @Activate
    void activate() {
        executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "vireo-vrrp");
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true); // a re-armed Master_Down_Timer must not pile up cancelled tasks
    }

    @Deactivate
    void deactivate() {
        executor.shutdownNow();
    }

    ScheduledExecutorService executor() {
        return executor;
    }

    @Override
    public long nowMicros() {
        return System.nanoTime() / 1000;
    }

    @Override
    public void execute(Runnable task) {
        executor.execute(task);
    }

    @Override
    public Cancellable schedule(Runnable task, long delayMicros) {
        ScheduledFuture<?> future = executor.schedule(task, delayMicros, TimeUnit.MICROSECONDS);
        return () -> future.cancel(false);
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
