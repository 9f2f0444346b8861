package org.vireo.scanner.internal.proxy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.api.TailRing;
import org.vireo.cluster.NodeRegistry;
import org.vireo.config.ListeningPorts;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.scanner.internal.ftp.FtpOptions;
import org.vireo.scanner.internal.policy.DestinationGuard;
import org.vireo.rules.Policy;
import org.vireo.rules.Verdict;

/**
 * Runs the proxy with configuration {@value ProxyOptions#PID}. A changed configuration restarts the listener; a
 * refused one (a bad value, a key it does not read, a port another listener of this node or another program holds)
 * is logged and shown, and the proxy goes on as it was; one refused at the start leaves it not listening. Until the rules component offers a {@link Policy}, every
 * request is blocked: a filtering proxy without its rules must not pass traffic unfiltered.
 */
@Component(service = ProxyComponent.class, configurationPid = ProxyOptions.PID, immediate = true)
@Designate(ocd = ProxyConfig.class)
public class ProxyComponent {

    private static final Logger LOG = LoggerFactory.getLogger(ProxyComponent.class);
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final Policy NO_RULES = facts -> new Verdict(false, null, "the web security rules are not loaded");

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile Policy policy;

    @Reference
    ListeningPorts ports;

    @Reference
    NodeAddresses nodeAddresses;

    private final ProxyServer server = new ProxyServer(() -> Optional.ofNullable(policy).orElse(NO_RULES),
        () -> nodeAddresses.current());
    private final Object watchLock = new Object();
    private NodeRegistry watched; // guarded by watchLock
    private AutoCloseable registryWatch; // guarded by watchLock

    /**
     * The node registry names the cluster's directors, whose PROXY headers say who their clients are. Mandatory
     * (every node has it, vireo-cluster is in vireo-core): a proxy that started before it would refuse its own
     * balancer's first clients.
     */
    @Reference(cardinality = ReferenceCardinality.MANDATORY, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void bindRegistry(NodeRegistry registry) {
        AutoCloseable watch = registry.watch(nodes -> server.directors(Directors.of(nodes)));
        server.directors(Directors.of(registry.nodes()));
        synchronized (watchLock) {
            closeWatch();
            watched = registry;
            registryWatch = watch;
        }
    }

    void unbindRegistry(NodeRegistry registry) {
        synchronized (watchLock) {
            if (watched != registry) {
                return; // a replacement was bound first: its watch stays
            }
            closeWatch();
            watched = null;
        }
        server.directors(Directors.NONE);
    }

    private void closeWatch() {
        if (registryWatch != null) {
            try {
                registryWatch.close();
            } catch (Exception e) {
                LOG.debug("closing the node registry watch", e);
            }
            registryWatch = null;
        }
    }
    private ProxyOptions options;
    private volatile String refusedConfiguration;

    /** A configuration refused at the start leaves the proxy not listening, the reason logged and shown. */
    @Activate
    synchronized void activate(Map<String, Object> properties) throws InterruptedException {
        try {
            ProxyOptions first = accepted(properties);
            server.start(first);
            options = first;
        } catch (IllegalArgumentException | IllegalStateException e) {
            refuse(e.getMessage(), "the proxy does not listen until it is fixed");
        }
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) throws InterruptedException {
        ProxyOptions next;
        try {
            next = accepted(properties);
        } catch (IllegalArgumentException e) {
            refuse(e.getMessage(), "the proxy goes on with its previous configuration");
            return;
        }
        refusedConfiguration = null;
        if (next.equals(options)) {
            return;
        }
        server.stop(STOP_GRACE);
        try {
            server.start(next);
            options = next;
        } catch (IllegalStateException e) { // taken since it was tried: back to the previous port
            refuse("configuration " + ProxyOptions.PID + " refused: " + e.getMessage(),
                "the proxy goes back to its previous configuration");
            restartPrevious();
        }
    }

    /**
     * Parses the configuration and claims its port in this node's {@link ListeningPorts}; a new address or port is
     * tried first, so that one another program holds is refused while the proxy still listens where it did.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    private ProxyOptions accepted(Map<String, Object> properties) {
        ProxyOptions next = ProxyOptions.parse(properties);
        ListeningPorts.Port port = port(next);
        try {
            ports.claim(ProxyOptions.PID, List.of(port));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration " + ProxyOptions.PID + " refused: " + e.getMessage(), e);
        }
        // the port it listens on now is its own: only a move to another one is tried
        boolean moved = options != null && server.address().isPresent() && options.port() != next.port();
        Optional<String> unavailable = moved ? ListeningPorts.unavailable(port.address(), port.port())
            : Optional.empty();
        if (unavailable.isPresent()) {
            ports.claim(ProxyOptions.PID, options == null ? List.of() : List.of(port(options)));
            throw new IllegalArgumentException("configuration " + ProxyOptions.PID + " refused: " + ProxyOptions.PORT
                + " = " + next.port() + ": " + unavailable.get());
        }
        return next;
    }

    /** The port a configuration listens on, as this node's {@link ListeningPorts} knows it. */
    private static ListeningPorts.Port port(ProxyOptions o) {
        return new ListeningPorts.Port(ProxyOptions.PORT.key(), o.listenInetAddress(), o.port());
    }

    private void refuse(String why, String consequence) {
        refusedConfiguration = why;
        LOG.error("{}; {}", why, consequence);
    }

    private void restartPrevious() throws InterruptedException {
        if (options == null) {
            ports.release(ProxyOptions.PID);
            return;
        }
        try {
            ports.claim(ProxyOptions.PID, List.of(port(options)));
            server.start(options);
        } catch (IllegalArgumentException | IllegalStateException e) {
            LOG.error("the proxy cannot listen on its previous address either: {}", e.getMessage());
        }
    }

    @Deactivate
    synchronized void deactivate() throws InterruptedException {
        server.stop(STOP_GRACE);
        ports.release(ProxyOptions.PID);
    }

    public ProxyCounters counters() {
        return server.counters();
    }

    public FtpCounters ftpCounters() {
        return server.ftpCounters();
    }

    /** Where the FTP proxy listens, or empty while it does not. */
    public Optional<java.net.InetSocketAddress> ftpAddress() {
        return server.ftpAddress();
    }

    /** The access log's newest exchanges; they outlive restarts of the proxy. */
    public TailRing<AccessEntry> recentAccess() {
        return server.recentAccess();
    }

    public ProxyHeaders headers() {
        return server.headers();
    }

    /** The address the proxy listens on, or empty while it is stopped. */
    public Optional<java.net.InetSocketAddress> address() {
        return server.address();
    }

    /**
     * Runs the FTP proxy with {@code options} beside the HTTP proxy, on its event loops (null: stops it).
     *
     * @return where it listens, if the HTTP proxy runs
     * @throws IllegalStateException when it cannot bind
     */
    public Optional<java.net.InetSocketAddress> ftp(FtpOptions options) throws InterruptedException {
        return server.ftp(options);
    }

    /** The destinations the proxy refuses now, for {@code scanner:check}. */
    public synchronized DestinationGuard destinationGuard() {
        return new DestinationGuard(nodeAddresses.current(), options.refusePrivateDestinations());
    }

    /** Why the last configuration was refused, if it was. */
    public Optional<String> refusedConfiguration() {
        return Optional.ofNullable(refusedConfiguration);
    }
}
