package org.vireo.balancer.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
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
import org.vireo.balancer.Balancer;
import org.vireo.balancer.BalancerStatus;
import org.vireo.balancer.ScannerStats;
import org.vireo.settings.BalancerOptions;
import org.vireo.balancer.internal.config.LocalOptions;
import org.vireo.balancer.internal.config.MergedOptions;
import org.vireo.balancer.internal.forward.Forwarder;
import org.vireo.balancer.internal.forward.Route;
import org.vireo.balancer.internal.forward.Transport;
import org.vireo.balancer.internal.listen.LinkScope;
import org.vireo.balancer.internal.listen.Listeners;
import org.vireo.balancer.internal.pool.Pool;
import org.vireo.balancer.internal.pool.PoolChanges;
import org.vireo.balancer.internal.share.LoopbackVips;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.NodeRegistry;
import org.vireo.config.ConfigValues;
import org.vireo.config.ListeningPorts;
import org.vireo.health.MonitorFactory;
import org.vireo.node.ReadinessCondition;
import org.vireo.vip.VipManager;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpStateListener;

/**
 * The director's balancer: the scanner table of {@value BalancerOptions#PID} (cluster-wide), an active check per
 * scanner, the scanners' loads from the node registry, and the listeners. With VRRP instances on this node it
 * listens on the virtual addresses of those it is master of (bound with IP_FREEBIND as mastership is taken, so
 * the order against the VIP manager does not matter; closed when it leaves); with none, on the standalone
 * addresses (the all-in-one appliance). A node is one with VRRP instances as soon as one is configured, before
 * (or without) its service: else a director or backup listened on every address while vireo-vrrp was starting
 * or stopped. A master also listens on its own address (the instance's primary address), where backups with
 * send-to-master relay. While backup, per the node-local {@value LocalOptions#PID}, it drops the VIP's traffic
 * (the default: the VIP is not local), serves it itself (sharing) or relays it to the master (sendToMaster);
 * both put the VIP on lo ({@link LoopbackVips}). Listeners are reconciled on every VRRP change and every few
 * seconds (a port that could not be bound is retried). The two PIDs arrive merged (their keys differ); a refused
 * configuration (a bad value, a key neither reads, a port another listener of this node holds, or new ports another
 * program holds) is logged and shown, and the balancer goes on with the one before; with none accepted yet it does
 * not listen (an empty table would close every client at once).
 */
@Component(service = {Balancer.class, VrrpStateListener.class, ReadinessCondition.class},
    configurationPid = {BalancerOptions.PID, LocalOptions.PID}, immediate = true)
public class BalancerComponent implements Balancer, VrrpStateListener, ReadinessCondition {

    private static final Logger LOG = LoggerFactory.getLogger(BalancerComponent.class);
    static final Duration HOLD_DOWN = Duration.ofSeconds(10);
    static final long RECONCILE_SECONDS = 2;

    @Reference
    private MonitorFactory monitorFactory;
    @Reference
    private NodeRegistry registry;
    @Reference
    private ConfigurationAdmin configurationAdmin;
    @Reference
    private ListeningPorts ports;

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();
    private final LoopbackVips loopback = new LoopbackVips(Path.of("/proc/sys/net"));

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile VipManager vipManager;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile EventAdmin eventAdmin;

    private volatile ScheduledExecutorService worker;
    /** In force: the defaults until a configuration is accepted, and then nothing listens. */
    private volatile BalancerOptions options;
    private volatile boolean accepted;
    private volatile String refused;
    private volatile LocalOptions local = new LocalOptions(Set.of(), Set.of());
    private volatile String refusedLocal;
    private Pool pool;
    private Forwarder forwarder;
    private Listeners listeners;
    private ScannerChecks checks;
    private AutoCloseable loadWatch;
    private volatile String mode = "standalone";
    /** Why the forwarder does not run on the transport configured; empty when it does. */
    private volatile String transportFallback = "";
    /** VRRP instances are configured but none runs (vireo-vrrp starting or stopped): listening nowhere. */
    private volatile boolean instancesAwaited;
    /** The listeners have been reconciled once with a configuration in force: the balancer is armed. */
    private volatile boolean armed;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
        reconcileSoon();
    }

    void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
        reconcileSoon();
    }

    @Activate
    void activate(Map<String, Object> properties) {
        MergedOptions parsed = MergedOptions.parse(properties, ports);
        applyLocal(parsed);
        parsed.refusal().ifPresent(r -> LOG.error("{}; the balancer does not listen until it is fixed", r));
        refused = parsed.refusal().orElse(null);
        accepted = parsed.options().isPresent();
        BalancerOptions o = parsed.options().orElse(BalancerOptions.defaults());
        options = o;
        pool = new Pool(o, System::nanoTime, HOLD_DOWN, this::poolChanged);
        int threads = o.threads() > 0 ? o.threads() : Runtime.getRuntime().availableProcessors();
        Transport.Choice transport = Transport.choose(o.transport());
        transportFallback = transport.fallback();
        if (!transportFallback.isEmpty()) {
            LOG.warn("balancer: {}", transportFallback);
        }
        forwarder = new Forwarder(pool, settings(o, threads), transport.transport());
        listeners = new Listeners(spec -> forwarder.open(spec.address(), spec.route(), spec.freeBind()));
        checks = new ScannerChecks(monitorFactory, pool::monitor);
        worker = Executors.newSingleThreadScheduledExecutor(r -> new Thread(r, "vireo-balancer"));
        worker.execute(this::warmUp);
        worker.execute(() -> checks.configure(options));
        worker.scheduleWithFixedDelay(this::reconcile, 0, RECONCILE_SECONDS, TimeUnit.SECONDS);
        loadWatch = registry.watch(this::loads);
        loads(registry.nodes());
        LOG.info("balancer started: {} scanners, {} event loop threads on {}", o.scanners().size(), threads,
            forwarder.transport().label());
    }

    /** Posted, never sent: the pool's lock is held here, and the event loops may be waiting for it. */
    private void poolChanged(PoolChanges.Change change) {
        EventAdmin events = eventAdmin;
        if (events != null) {
            events.postEvent(new Event(SCANNER_TOPIC, Map.of("scanner", change.scanner(), "change", change.change(),
                "reason", change.reason())));
        }
    }

    /**
     * Binds and closes one listener on loopback: the first bind loads the transport's server classes, which a new
     * master should not pay for between taking a VIP and listening on it (BalancerLabIT, quiet: 80 ms from MASTER to
     * the first listener when cold, 10 ms for each next one).
     */
    private void warmUp() {
        try {
            forwarder.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), Route.HTTP, true).close()
                .syncUninterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) { // sneaky IOException from Netty: the real binds report their own failures
            LOG.debug("balancer: warming up the listeners failed", e);
        }
    }

    private static Forwarder.Settings settings(BalancerOptions o, int threads) {
        return new Forwarder.Settings(o.connectTimeoutMillis(), o.idleTimeoutSeconds() * 1000, o.attempts(), threads,
            o.zeroCopyBytes());
    }

    /** The node-local part: refused, it keeps the previous one (none at the start). */
    private void applyLocal(MergedOptions parsed) {
        parsed.local().ifPresent(l -> local = l);
        refusedLocal = parsed.localRefusal().orElse(null);
        // a key neither part reads refuses both with one message: logged once, with the balancer's
        parsed.localRefusal().filter(r -> !parsed.refusal().equals(parsed.localRefusal())).ifPresent(r -> LOG.error(
            "{}; the balancer goes on with its previous sharing and sendToMaster", r));
    }

    @Modified
    void modified(Map<String, Object> properties) {
        MergedOptions parsed = MergedOptions.parse(properties, ports);
        applyLocal(parsed);
        reconcileSoon();
        if (parsed.options().isEmpty()) {
            refused = parsed.refusal().orElseThrow();
            LOG.error("{}; the balancer goes on with its previous configuration{}", refused,
                accepted ? "" : " (none: it does not listen)");
            return;
        }
        refused = null;
        BalancerOptions next = parsed.options().get();
        BalancerOptions previous = options;
        if (next.equals(previous) && accepted) { // only the node-local PID changed (DS hands both over merged)
            return;
        }
        boolean hadOne = accepted;
        apply(previous, next);
        if (hadOne) {
            worker.execute(() -> keepPortsIfTaken(previous, next));
        }
    }

    private void apply(BalancerOptions previous, BalancerOptions next) {
        accepted = true;
        options = next;
        if (next.threads() != previous.threads()) {
            LOG.warn("balancer: threads = {} takes effect at the next start", next.threads());
        }
        if (!next.transport().equals(previous.transport())) {
            LOG.warn("balancer: transport = {} takes effect at the next start", next.transport());
        }
        pool.configure(next);
        forwarder.update(settings(next, 0));
        worker.execute(() -> checks.configure(next));
        reconcileSoon();
        LOG.info("balancer: configuration applied: {} scanners", next.scanners().size());
    }

    /**
     * New ports that another program holds (a refusal the port registry cannot see): back to the previous ones,
     * which the balancer had bound, and the new configuration refused with the reason. On the worker, after the
     * listeners were reconciled to {@code next}.
     */
    private void keepPortsIfTaken(BalancerOptions previous, BalancerOptions next) {
        reconcile();
        if (options != next) {
            return;
        }
        Set<Integer> moved = new HashSet<>();
        MergedOptions.ports(next).forEach(p -> moved.add(p.port()));
        MergedOptions.ports(previous).forEach(p -> moved.remove(p.port()));
        List<String> taken = listeners.status().stream().filter(l -> !l.bound() && l.problem().contains(Listeners.IN_USE)
            && moved.contains(Integer.parseInt(l.address().substring(l.address().lastIndexOf(':') + 1))))
            .map(BalancerStatus.Listener::problem).toList();
        if (taken.isEmpty()) {
            return;
        }
        try {
            ports.claim(MergedOptions.PORTS_OWNER, MergedOptions.ports(previous));
        } catch (IllegalArgumentException e) {
            LOG.error("balancer: {}; and its previous ports are taken meanwhile: {}", taken.get(0), e.getMessage());
            return;
        }
        apply(next, previous);
        reconcile();
        refused = "configuration " + BalancerOptions.PID + " refused: " + taken.get(0) + (taken.size() > 1
            ? " (and " + (taken.size() - 1) + " more)" : "") + "; the balancer stays on its previous ports";
        LOG.error("{}", refused);
    }

    @Deactivate
    void deactivate() {
        try {
            loadWatch.close();
        } catch (Exception e) {
            LOG.debug("closing the load watch", e);
        }
        worker.shutdownNow();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        listeners.close();
        ports.release(MergedOptions.PORTS_OWNER);
        loopback.release(vipManager);
        checks.close();
        forwarder.close();
    }

    @Override
    public CompletionStage<Void> becameMaster(VrrpInstance instance, boolean acceptMode) {
        reconcileSoon(); // not on the VRRP thread: binding must not delay its adverts
        return NOTHING_TO_CLAIM; // it binds with IP_FREEBIND: nothing the first advert must wait for
    }

    /**
     * A node whose balancer is not armed (no configuration accepted, or its listeners not yet reconciled) would take
     * a VIP it cannot serve: a higher-priority backup waits for this before it preempts a live master.
     */
    @Override
    public Optional<String> waitingFor() {
        if (!accepted) {
            return Optional.of("balancer: no configuration accepted" + (refused != null ? " (" + refused + ")" : ""));
        }
        return armed ? Optional.empty() : Optional.of("balancer: listeners not set up yet");
    }

    @Override
    public void leftMaster(VrrpInstance instance) {
        reconcileSoon();
    }

    private void reconcileSoon() {
        ScheduledExecutorService w = worker; // null before activation: the first round covers it
        if (w != null) {
            try {
                w.execute(this::reconcile);
            } catch (RejectedExecutionException e) {
                // deactivating: the listeners are being closed anyway
            }
        }
    }

    private void reconcile() {
        try {
            Map<InetAddress, String> onLoopback = new LinkedHashMap<>();
            LocalOptions l = local;
            for (VrrpInstance i : instances) {
                if (l.shares(i.name()) || l.sendsToMaster(i.name())) {
                    i.virtualAddresses().forEach(a -> onLoopback.put(a, i.interfaceName()));
                }
            }
            loopback.reconcile(onLoopback, vipManager); // before the listeners: a shared VIP is local then
            listeners.reconcile(wanted());
            armed = accepted;
        } catch (RuntimeException e) {
            LOG.error("balancer: reconciling the listeners failed", e);
        }
    }

    /** The sockets this node should listen on now. */
    Set<Listeners.Spec> wanted() {
        List<VrrpInstance> now = List.copyOf(instances);
        boolean configured = now.isEmpty() && instancesConfigured();
        mode = now.isEmpty() && !configured ? "standalone" : "vip";
        instancesAwaited = configured;
        // with no configuration accepted yet the table is empty: listening would close every client at once
        return accepted ? wanted(options, local, now, configured, forwarder.canBindAhead()) : Set.of();
    }

    /**
     * The sockets to listen on. A node with VRRP instances, running or only {@code configured} (their service not
     * there yet, or vireo-vrrp stopped), listens on the virtual addresses of those that are MASTER, bound with
     * IP_FREEBIND, and on its primary address for relays; while BACKUP, on the VIPs it shares or relays to the
     * master, and, where the transport binds ahead ({@code bindAhead}: IP_FREEBIND), on the others' VIPs already:
     * a VIP that is not on an interface here gets no traffic, and the new master has nothing to bind between taking
     * the VIP and serving it (the drill saw 38 ms from MASTER to the bind on a backup's first takeover, clients
     * refused meanwhile). A node with none listens on the standalone addresses.
     */
    static Set<Listeners.Spec> wanted(BalancerOptions o, LocalOptions l, List<VrrpInstance> running,
                                      boolean configured, boolean bindAhead) {
        Set<Listeners.Spec> out = new LinkedHashSet<>();
        if (running.isEmpty() && !configured) {
            o.standaloneAddresses().forEach(a -> addPorts(out, a, o, false, null));
        } else {
            for (VrrpInstance i : running) {
                VrrpState state = i.state();
                List<InetAddress> vips = i.virtualAddresses().stream().map(a -> LinkScope.on(a, i.interfaceName()))
                    .toList();
                if (state == VrrpState.MASTER) {
                    vips.forEach(a -> addPorts(out, a, o, true, null));
                    // where backups with send-to-master relay to (the VIP is theirs too, on lo)
                    i.primaryAddress().ifPresent(a -> addPorts(out, LinkScope.on(a, i.interfaceName()), o, false,
                        null));
                } else if (state == VrrpState.BACKUP && l.shares(i.name())) {
                    vips.forEach(a -> addPorts(out, a, o, true, null));
                } else if (state == VrrpState.BACKUP && l.sendsToMaster(i.name())) {
                    Optional<InetAddress> master = i.masterAddress().filter(m -> !m.equals(i.primaryAddress()
                        .orElse(null))).map(m -> LinkScope.on(m, i.interfaceName()));
                    master.ifPresent(m -> vips.forEach(a -> addPorts(out, a, o, true, m)));
                } else if (state == VrrpState.BACKUP && bindAhead) {
                    vips.forEach(a -> addPorts(out, a, o, true, null));
                }
            }
        }
        return out;
    }

    /** Whether ConfigurationAdmin holds a VRRP instance configuration of this node, running or not. */
    private boolean instancesConfigured() {
        try {
            Configuration[] configured = configurationAdmin.listConfigurations(
                "(" + ConfigurationAdmin.SERVICE_FACTORYPID + "=" + VrrpInstance.FACTORY_PID + ")");
            return configured != null && configured.length > 0;
        } catch (IOException | InvalidSyntaxException e) {
            LOG.warn("balancer: cannot read the VRRP instance configurations: {}", e.toString());
            return false;
        }
    }

    /** The HTTP, FTP and passive ports on {@code address}; with {@code master}, relayed there on the same port. */
    private static void addPorts(Set<Listeners.Spec> out, InetAddress address, BalancerOptions o, boolean freeBind,
                                 InetAddress master) {
        List<Route> routes = new ArrayList<>();
        routes.add(new Route("http", o.httpPort(), true));
        if (MergedOptions.forwardsFtp(o)) {
            routes.add(new Route(Route.FTP, o.ftpPort(), false));
            o.ftpPassivePorts().forEach(p -> routes.add(new Route(Route.FTP_DATA, p, false)));
        }
        for (Route r : routes) {
            Route route = r.service().equals("http") ? Route.HTTP : r;
            if (master != null) {
                route = route.relayedTo(new InetSocketAddress(master, r.port()));
            }
            out.add(new Listeners.Spec(new InetSocketAddress(address, r.port()), route, freeBind));
        }
    }

    /** The registry's loads by node address; this node's also under the loopback addresses (all-in-one). */
    private void loads(List<ClusterNode> nodes) {
        Map<String, double[]> byAddress = new HashMap<>();
        for (ClusterNode n : nodes) {
            if (n.stale() || n.load().isEmpty()) {
                continue;
            }
            NodeLoad l = n.load().get();
            double[] load = {l.systemCpu() >= 0 ? l.systemCpu() : l.processCpu(), l.memoryShare()};
            byAddress.put(n.address(), load);
            if (n.self()) {
                byAddress.put("127.0.0.1", load);
                byAddress.put("0:0:0:0:0:0:0:1", load);
            }
        }
        pool.loads(byAddress);
    }

    @Override
    public List<ScannerStats> scanners() {
        Map<String, String> monitors = new HashMap<>();
        for (String id : pool.ids()) {
            monitors.put(id, checks.describe(id)); // outside the pool's lock: verdicts take the locks the other way
        }
        return pool.stats(id -> monitors.getOrDefault(id, "none"));
    }

    @Override
    public BalancerStatus status() {
        List<String> problems = new ArrayList<>();
        String r = refused;
        if (r != null) {
            problems.add(r + (accepted ? " (running with the previous configuration)"
                : " (no configuration accepted yet: not listening)"));
        }
        String rl = refusedLocal;
        if (rl != null && !rl.equals(r)) { // a key neither part reads refuses both with one message
            problems.add(rl + " (running with the previous sharing and sendToMaster)");
        }
        problems.addAll(loopback.problems());
        if (!transportFallback.isEmpty()) {
            problems.add(transportFallback);
        }
        BalancerOptions o = options;
        if (o.zeroCopyBytes() > 0 && forwarder.transport().zeroCopyThreshold().isEmpty()) {
            problems.add("zeroCopyBytes = " + o.zeroCopyBytes() + " needs transport io_uring; running on "
                + forwarder.transport().label() + ", every write is copied");
        }
        List<ScannerStats> scanners = scanners();
        if (scanners.isEmpty() && accepted) {
            problems.add("the scanner table is empty (scanners in " + BalancerOptions.PID
                + "): clients are closed at once");
        } else if (accepted && scanners.stream().noneMatch(s -> s.up() && !s.drain() && s.weight() > 0)) {
            problems.add("no scanner can take connections (all down, drained or weight 0): clients are closed "
                + (pool.mayServeSoon() ? "unless one held down by a failed connect answers within "
                + o.connectTimeoutMillis() + " ms" : "at once"));
        }
        if (instancesAwaited) {
            problems.add("VRRP instances are configured (" + VrrpInstance.FACTORY_PID + ") but none runs (is"
                + " vireo-vrrp started? vrrp:list): listening nowhere until one is master");
        }
        problems.addAll(checks.problems().values());
        List<BalancerStatus.Listener> ls = listeners.status();
        ls.stream().filter(l -> !l.bound()).forEach(l -> problems.add(l.problem()));
        int[] open = pool.openAndAffinities();
        return new BalancerStatus(mode, forwarder.transport().label(), ls, forwarder.accepted(), forwarder.unserved(),
            forwarder.relayed(), open[0], open[1], problems);
    }

    @Override
    public String drain(String scanner, boolean drain) throws IOException {
        Configuration c = configurationAdmin.getConfiguration(BalancerOptions.PID, "?");
        Dictionary<String, Object> properties = c.getProperties();
        if (properties == null) {
            throw new IllegalArgumentException("no scanner " + scanner + ": the table of " + BalancerOptions.PID
                + " is empty");
        }
        Map<String, Object> raw = new HashMap<>();
        for (var keys = properties.keys(); keys.hasMoreElements(); ) {
            String k = keys.nextElement();
            raw.put(k, properties.get(k));
        }
        List<String> entries = ConfigValues.list(raw, BalancerOptions.SCANNERS);
        List<String> next = BalancerOptions.withDrain(entries, scanner, drain);
        if (next.equals(entries)) {
            return "scanner " + scanner + " is already " + (drain ? "drained" : "not drained") + ": nothing changed";
        }
        Dictionary<String, Object> updated = new Hashtable<>();
        raw.forEach(updated::put);
        updated.put(BalancerOptions.SCANNERS.key(), String.join(", ", next));
        c.update(updated);
        return "scanner " + scanner + (drain ? " drained: no new connections, the open ones finish"
            : " undrained: it takes new connections again") + " (" + BalancerOptions.PID
            + " updated; config sync carries it to the other directors)";
    }
}
