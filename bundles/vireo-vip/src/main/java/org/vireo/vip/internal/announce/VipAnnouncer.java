package org.vireo.vip.internal.announce;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.util.tracker.ServiceTracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.AddressText;
import org.vireo.node.ReadinessCondition;
import org.vireo.vip.VipManager;
import org.vireo.vip.internal.alias.IpCommand;
import org.vireo.vip.internal.alias.IpToolVipManager;
import org.vireo.vip.internal.alias.NetlinkVipManager;
import org.vireo.vip.internal.alias.VirtualMacLink;
import org.vireo.vip.internal.frame.ArpFrames;
import org.vireo.vip.internal.frame.MacAddress;
import org.vireo.vip.internal.frame.NeighborAdvertisementFrames;
import org.vireo.vip.internal.guard.GuardState;
import org.vireo.vip.internal.pcap.Outlet;
import org.vireo.vip.internal.pcap.PcapTransport;
import org.vireo.vrrp.RealtimeThreads;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpStateListener;

/**
 * Puts a master's VIPs on its interface and announces them (gratuitous ARP / unsolicited NA: a burst at
 * once, a second after {@code garpDelaySeconds}, optionally a refresh), and takes them off when it leaves
 * mastership. The work runs on one thread of its own, in the order the state changes came, so a slow
 * {@code ip} never delays an advert. What a master holds is also written to the guard's state file
 * (right after the first burst), so that if this JVM dies the guard beside it removes the VIPs and sends
 * priority 0. At start,
 * VIPs that a crashed run left behind (the guard file, and the VIPs of every instance that is not master)
 * are removed.
 *
 * <p>The instance's first advert waits for the claim ({@link #becameMaster} completes after the first burst), so a
 * backup that gives the VIPs up on hearing it leaves the clients somewhere to go. Until the worker is prepared and the
 * left-overs are removed, this node is not ready (a {@link ReadinessCondition}): a claim queued behind that start-up
 * work would wait for it.
 */
@Component(service = {VrrpStateListener.class, ReadinessCondition.class}, configurationPid = AnnounceOptions.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = AnnounceConfig.class)
public class VipAnnouncer implements VrrpStateListener, ReadinessCondition {

    private static final Logger LOG = LoggerFactory.getLogger(VipAnnouncer.class);
    private static final long STOP_SECONDS = 10;

    /** What a master holds, captured on the VRRP thread when it became master. */
    private record Held(String name, String interfaceName, boolean ipv6, int vrid, List<InetAddress> vips,
                        boolean virtualMac, Optional<byte[]> resignation) {

        static Held of(VrrpInstance instance) {
            List<InetAddress> vips = instance.virtualAddresses();
            return new Held(instance.name(), instance.interfaceName(), vips.get(0) instanceof Inet6Address,
                instance.vrid(), vips, instance.virtualMac(), instance.resignationAdvert());
        }

        String vipInterface() {
            return virtualMac ? VirtualMacLink.name(vrid, ipv6) : interfaceName;
        }
    }

    @Reference
    private PcapTransport transport;

    private final IpCommand ip = new IpCommand(List.of());
    private final NetlinkVipManager vips = new NetlinkVipManager(new IpToolVipManager(List.of()));
    private final VirtualMacLink macvlans = new VirtualMacLink(ip);
    private final Map<String, List<ScheduledFuture<?>>> announcements = new ConcurrentHashMap<>();
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    private final ScheduledExecutorService worker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vireo-vip-announcer");
        t.setDaemon(true);
        return t;
    });
    private final Path guardFile = Path.of(System.getProperty("karaf.data", "data")).resolve(GuardState.RELATIVE_PATH);
    private final GuardState guard = new GuardState(guardFile);
    private volatile AnnounceOptions options = AnnounceOptions.DEFAULTS;
    private ServiceTracker<VrrpInstance, VrrpInstance> instances;
    private volatile boolean prepared;
    /**
     * The stale-VIP checks of instances that appear: listing an interface's addresses runs iproute2, which on a busy
     * node took a second, and a claim queued behind it on the worker ran out its time (a take-back in the lab). They
     * run here, at normal priority; only their removal takes the worker's lock, after a fresh look at the state.
     */
    private final ExecutorService staleChecks = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "vireo-vip-stale");
        t.setDaemon(true);
        return t;
    });
    private final Object claims = new Object();
    private final AtomicInteger staleChecksPending = new AtomicInteger();

    @Activate
    void activate(BundleContext context, Map<String, Object> properties) {
        configure(properties);
        worker.execute(this::prepare);
        // A tracker opened on the worker, not a DS reference nor a tracker opened here: an instance activating
        // binds this listener, and looking the instance up from inside that would be a cycle.
        instances = new ServiceTracker<>(context, VrrpInstance.class, null) {
            @Override
            public VrrpInstance addingService(ServiceReference<VrrpInstance> reference) {
                VrrpInstance instance = super.addingService(reference);
                if (instance != null) {
                    instanceAppeared(instance);
                }
                return instance;
            }
        };
        worker.execute(instances::open);
        worker.execute(this::removeLeftOvers);
        // after the instances' own stale VIPs (queued by the tracker's open, ahead of this)
        worker.execute(() -> prepared = true);
    }

    @Override
    public Optional<String> waitingFor() {
        return prepared && staleChecksPending.get() == 0 ? Optional.empty()
            : Optional.of("VIP announcer: removing what an earlier run left");
    }

    @Modified
    void configure(Map<String, Object> properties) {
        try {
            options = AnnounceOptions.parse(properties);
        } catch (IllegalArgumentException e) {
            LOG.error("{}; keeping garpRepeat={}, garpDelaySeconds={}, garpRefreshSeconds={}, neighbourAdvertRouter={}",
                e.getMessage(), options.garpRepeat(), options.garpDelaySeconds(), options.garpRefreshSeconds(),
                options.neighbourAdvertRouter());
        }
    }

    /**
     * Readies the worker for a takeover: real-time scheduling like the VRRP threads (so a busy CPU does not
     * hold back the VIPs and the gratuitous ARPs after the first advert; an {@code ip} it runs for a macvlan
     * inherits it), and one run of the paths it takes then, so that the first takeover does not pay for class
     * loading.
     */
    private void prepare() {
        LOG.info("VIP announcer thread: {}", RealtimeThreads.requestForCurrentThread());
        try {
            ip.run("-V");
            ArpFrames.gratuitousRequest(MacAddress.BROADCAST, (Inet4Address) InetAddress.getByName("192.0.2.1"),
                new byte[ArpFrames.GRATUITOUS_LENGTH], 0);
            vips.warmUp();
        } catch (IOException | RuntimeException e) {
            LOG.warn("VIP announcer: iproute2 does not answer ({}); VIPs cannot be claimed", e.getMessage());
        }
    }

    /** On deactivation (vireo-vip stopping) a master's VIPs go with it: nobody would announce or guard them. */
    @Deactivate
    void deactivate() {
        instances.close();
        staleChecks.shutdownNow();
        worker.execute(() -> List.copyOf(held.values()).forEach(this::release));
        worker.shutdown();
        try {
            if (!worker.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS)) {
                LOG.error("releasing the VIPs took more than {} s; left: {}", STOP_SECONDS, held.keySet());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** An instance appears: a master gets its VIPs (vireo-vip started after it), any other loses stale ones. */
    private void instanceAppeared(VrrpInstance instance) {
        if (instance.state() != VrrpState.MASTER) {
            staleChecksPending.incrementAndGet();
            try {
                staleChecks.execute(() -> {
                    try {
                        removeStale(instance);
                    } finally {
                        staleChecksPending.decrementAndGet();
                    }
                });
            } catch (RejectedExecutionException e) {
                staleChecksPending.decrementAndGet(); // stopping
            }
            return;
        }
        long queued = System.nanoTime();
        submit(() -> {
            if (instance.state() == VrrpState.MASTER && !held.containsKey(instance.name())) {
                claim(Held.of(instance), new CompletableFuture<>(), instance, queued);
            }
        });
    }

    /** Completes once the VIPs are on the interface and the first burst is out, or fails saying why not. */
    @Override
    public CompletionStage<Void> becameMaster(VrrpInstance instance, boolean acceptMode) {
        Held h = Held.of(instance); // read now, on the VRRP thread, while it is master
        CompletableFuture<Void> claimed = new CompletableFuture<>();
        long queued = System.nanoTime();
        if (!submit(() -> claim(h, claimed, instance, queued))) {
            claimed.completeExceptionally(new IllegalStateException("the VIP announcer is stopping"));
        }
        return claimed;
    }

    @Override
    public void leftMaster(VrrpInstance instance) {
        String name = instance.name();
        submit(() -> {
            Held h = held.get(name);
            if (h != null) {
                release(h);
            }
        });
    }

    /** A burst, as at the claim, for a master whose split brain is over (the switches may have learnt the other's port). */
    @Override
    public void announceAgain(VrrpInstance instance) {
        String name = instance.name();
        submit(() -> {
            synchronized (claims) {
                Held h = held.get(name);
                if (h != null && instance.state() == VrrpState.MASTER) {
                    transport.outlet(h.interfaceName(), h.ipv6(), h.vrid()).ifPresent(outlet -> announce(h, outlet));
                    LOG.info("VRRP instance {}: VIPs {} announced again after a split brain", h.name(), h.vips());
                }
            }
        });
    }

    /**
     * A master changed in place: the VIPs it gained go on and are announced (a burst, then the repeats as after a
     * claim), those it lost come off, and the guard's entry is made again (its priority-0 advert lists the new
     * addresses and goes to the new peers). A master whose claim is still queued is left to it.
     */
    @Override
    public void changedInPlace(VrrpInstance instance) {
        Held next = Held.of(instance); // read now, on the VRRP thread
        submit(() -> {
            synchronized (claims) {
                Held was = held.get(next.name());
                if (was != null && instance.state() == VrrpState.MASTER) {
                    changeLocked(was, next);
                }
            }
        });
    }

    private void changeLocked(Held was, Held next) {
        List<InetAddress> added = next.vips().stream().filter(a -> !was.vips().contains(a)).toList();
        List<InetAddress> removed = was.vips().stream().filter(a -> !next.vips().contains(a)).toList();
        Optional<Outlet> outlet = transport.outlet(next.interfaceName(), next.ipv6(), next.vrid());
        try {
            if (!added.isEmpty()) {
                vips.claim(next.vipInterface(), added);
            }
            if (!removed.isEmpty()) {
                vips.release(next.vipInterface(), removed);
            }
            held.put(next.name(), next);
            if (!added.isEmpty() && outlet.isPresent()) {
                announce(new Held(next.name(), next.interfaceName(), next.ipv6(), next.vrid(), added,
                    next.virtualMac(), next.resignation()), outlet.get());
            }
            cancelAnnouncements(next.name()); // the repeats of the old list would announce what it let go
            scheduleRepeats(next);
            writeGuard(next, outlet);
            if (added.isEmpty() && removed.isEmpty()) {
                LOG.debug("VRRP instance {}: changed in place; its guard entry made again", next.name());
            } else {
                LOG.info("VRRP instance {}: changed in place: VIPs {} on, {} off {}", next.name(), added, removed,
                    next.vipInterface());
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("VRRP instance {}: changing its VIPs in place ({} on, {} off {}) failed: {}", next.name(), added,
                removed, next.vipInterface(), e.getMessage());
        }
    }

    private boolean submit(Runnable task) {
        try {
            worker.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            LOG.warn("VIP announcer is stopping; a state change was not acted on");
            return false;
        }
    }

    /** @param queued when the claim was asked for ({@link System#nanoTime}): its log line says where the time went */
    private void claim(Held h, CompletableFuture<Void> claimed, VrrpInstance instance, long queued) {
        long started = System.nanoTime();
        synchronized (claims) {
            claimLocked(h, claimed, instance, new ClaimTimes(queued, started, System.nanoTime()));
        }
    }

    /** When a claim was asked for, began on the worker and had the lock; {@link System#nanoTime}. */
    private record ClaimTimes(long queued, long started, long locked) {

        /** {@code 12.3 ms after the takeover: 0.1 ms queued, 0.0 ms for the lock, 0.4 ms for the VIPs, ...}. */
        String describe(long vipsOn, long announced) {
            return String.format(java.util.Locale.ROOT, "%.1f ms after the takeover: %.1f queued, %.1f waiting for the"
                + " lock, %.1f putting the VIPs on, %.1f announcing", ms(announced - queued), ms(started - queued),
                ms(locked - started), ms(vipsOn - locked), ms(announced - vipsOn));
        }

        private static double ms(long nanos) {
            return nanos / 1e6;
        }
    }

    private void claimLocked(Held h, CompletableFuture<Void> claimed, VrrpInstance instance, ClaimTimes times) {
        if (instance.state() != VrrpState.MASTER) {
            // given up meanwhile (its claim ran out of time): a gratuitous ARP now would draw the clients here just
            // before the release that is queued behind this takes the VIP away again
            claimed.completeExceptionally(new IllegalStateException("no longer master"));
            return;
        }
        Optional<Outlet> outlet = transport.outlet(h.interfaceName(), h.ipv6(), h.vrid());
        if (outlet.isEmpty()) {
            // not on this bundle's wire (another transport, e.g. in memory for tests), or closed meanwhile
            LOG.info("VRRP instance {} is master without a channel on {} here: its VIPs are left alone", h.name(),
                h.interfaceName());
            claimed.complete(null);
            return;
        }
        held.put(h.name(), h);
        cancelAnnouncements(h.name());
        try {
            if (h.virtualMac()) {
                MacAddress vmac = MacAddress.virtualRouterMac(h.vrid(), h.ipv6());
                macvlans.ensure(h.interfaceName(), h.vipInterface(), vmac.toString());
            }
            vips.claim(h.vipInterface(), h.vips());
        } catch (IOException | RuntimeException e) {
            LOG.error("VRRP instance {} is master but its VIPs {} could not be put on {}: {}", h.name(), h.vips(),
                h.vipInterface(), e.getMessage());
            claimed.completeExceptionally(new IOException("putting " + h.vips() + " on " + h.vipInterface()
                + " failed: " + e.getMessage(), e));
            return;
        }
        long vipsOn = System.nanoTime();
        announce(h, outlet.get());
        long announced = System.nanoTime();
        claimed.complete(null); // the instance's first advert goes now, behind the first gratuitous ARPs
        // The guard's file and the log after the first burst: together 2-8 ms that the clients would wait for
        // (benchmarks.md). A JVM that dies in that gap leaves the VIPs unguarded: its next start removes them.
        try {
            writeGuard(h, outlet);
        } catch (IOException | RuntimeException e) {
            LOG.error("VRRP instance {}: the guard will not know of its VIPs {} ({}); if this JVM dies they stay on {}"
                + " until Vireo starts again", h.name(), h.vips(), e.getMessage(), h.vipInterface());
        }
        LOG.info("VRRP instance {}: VIPs {} on {} ({})", h.name(), h.vips(), h.vipInterface(),
            times.describe(vipsOn, announced));
        scheduleRepeats(h);
    }

    /** The second burst and the refreshes of a master's VIPs, on its channel as it is then. */
    private void scheduleRepeats(Held h) {
        List<ScheduledFuture<?>> later = new ArrayList<>();
        AnnounceOptions o = options;
        Runnable burst = () -> transport.outlet(h.interfaceName(), h.ipv6(), h.vrid())
            .ifPresent(outlet -> announce(h, outlet));
        if (o.garpDelaySeconds() > 0) {
            later.add(worker.schedule(burst, o.garpDelaySeconds(), TimeUnit.SECONDS));
        }
        if (o.garpRefreshSeconds() > 0) {
            later.add(worker.scheduleAtFixedRate(burst, o.garpRefreshSeconds(), o.garpRefreshSeconds(),
                TimeUnit.SECONDS));
        }
        announcements.put(h.name(), later);
    }

    /** One burst: garpRepeat frames per VIP, from the MAC the instance sends from. */
    private void announce(Held h, Outlet outlet) {
        byte[] frame = new byte[NeighborAdvertisementFrames.LENGTH];
        AnnounceOptions o = options;
        try {
            for (int i = 0; i < o.garpRepeat(); i++) {
                for (InetAddress vip : h.vips()) {
                    int n = vip instanceof Inet4Address v4
                        ? ArpFrames.gratuitousRequest(outlet.sourceMac(), v4, frame, 0)
                        : NeighborAdvertisementFrames.unsolicited(outlet.sourceMac(), (Inet6Address) vip,
                            (Inet6Address) outlet.sourceAddress(), o.neighbourAdvertRouter(), frame, 0);
                    outlet.sendFrame(frame, n);
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("VRRP instance {}: announcing {} failed: {}", h.name(), h.vips(), e.getMessage());
        }
    }

    private void cancelAnnouncements(String name) {
        List<ScheduledFuture<?>> later = announcements.remove(name);
        if (later != null) {
            later.forEach(f -> f.cancel(false));
        }
    }

    private void release(Held h) {
        synchronized (claims) {
            releaseLocked(h);
        }
    }

    private void releaseLocked(Held h) {
        cancelAnnouncements(h.name());
        try {
            if (h.virtualMac()) {
                macvlans.delete(h.vipInterface());
            } else {
                vips.release(h.vipInterface(), h.vips());
            }
            held.remove(h.name());
            guard.remove(h.name());
            LOG.info("VRRP instance {}: VIPs {} off {}", h.name(), h.vips(), h.vipInterface());
        } catch (IOException | RuntimeException e) {
            LOG.error("VRRP instance {}: its VIPs {} could not be taken off {}: {}", h.name(), h.vips(),
                h.vipInterface(), e.getMessage());
        }
    }

    private void writeGuard(Held h, Optional<Outlet> outlet) throws IOException {
        List<byte[]> frames = outlet.isPresent() && h.resignation().isPresent()
            ? outlet.get().frames(h.resignation().get()) : List.of();
        List<String> aliases = h.virtualMac() ? List.of()
            : h.vips().stream().map(a -> AddressText.of(a) + (h.ipv6() ? "/128" : "/32")).toList();
        guard.put(new GuardState.Entry(h.name(), h.interfaceName(), aliases,
            h.virtualMac() ? h.vipInterface() : null, frames));
    }

    /** A configured instance that is not master: whatever of its VIPs is on the interface was left by a crash. */
    private void removeStale(VrrpInstance instance) {
        try {
            if (instance.state() == VrrpState.MASTER || NetworkInterface.getByName(instance.interfaceName()) == null) {
                return; // master meanwhile (its claim is queued behind this), or not an interface of this host
            }
            List<InetAddress> present = vips.addresses(instance.interfaceName()); // slow: outside the lock
            List<InetAddress> stale = instance.virtualAddresses().stream().filter(present::contains).toList();
            if (!stale.isEmpty()) {
                synchronized (claims) {
                    if (instance.state() == VrrpState.MASTER || held.containsKey(instance.name())) {
                        return; // master meanwhile: these are its VIPs now
                    }
                    vips.release(instance.interfaceName(), stale);
                }
                LOG.warn("VRRP instance {} is {}: removed VIPs {} from {}, left there by an earlier run",
                    instance.name(), instance.state(), stale, instance.interfaceName());
            }
            if (instance.virtualMac()) {
                synchronized (claims) {
                    if (instance.state() != VrrpState.MASTER && !held.containsKey(instance.name())) {
                        macvlans.delete(VirtualMacLink.name(instance.vrid(),
                            instance.virtualAddresses().get(0) instanceof Inet6Address));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.error("VRRP instance {}: checking {} for VIPs left by an earlier run failed: {}", instance.name(),
                instance.interfaceName(), e.getMessage());
        }
    }

    /** The guard file at start: what a previous run held and did not give back (its guard did not run). */
    private void removeLeftOvers() {
        try {
            GuardState.load(guardFile, LOG::warn).entries().forEach(this::removeLeftOver);
        } catch (IOException e) {
            LOG.error("cannot read {} for VIPs an earlier run left behind: {}", guardFile, e.getMessage());
        }
    }

    /** An entry of the guard file at start: the previous run held these and did not give them back. */
    private void removeLeftOver(GuardState.Entry entry) {
        if (held.containsKey(entry.instance())) {
            return;
        }
        try {
            for (String alias : entry.aliases()) {
                String address = alias.substring(0, alias.indexOf('/'));
                InetAddress a = InetAddress.getByName(address); // a literal we wrote
                if (vips.addresses(entry.interfaceName()).contains(a)) {
                    vips.release(entry.interfaceName(), List.of(a));
                    LOG.warn("removed VIP {} from {}, left there by an earlier run of instance {}", address,
                        entry.interfaceName(), entry.instance());
                }
            }
            if (entry.linkToDelete() != null) {
                macvlans.delete(entry.linkToDelete());
            }
            guard.remove(entry.instance());
        } catch (IOException | RuntimeException e) {
            LOG.error("removing what an earlier run of instance {} left on {} failed: {}", entry.instance(),
                entry.interfaceName(), e.getMessage());
        }
    }
}
