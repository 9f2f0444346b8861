package org.vireo.srv.internal.redirect;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.handler.ssl.SslContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeRegistry;
import org.vireo.cluster.NodeStatusSource;
import org.vireo.config.ListeningPorts;
import org.vireo.settings.RedirectOptions;
import org.vireo.srv.internal.Wildcard;

/**
 * Runs the redirect balancer with {@value RedirectOptions#PID} (cluster-wide) and {@value RedirectOptions#LOCAL_PID}
 * (this node): while enabled it listens, and offers the service in this node's registry report with the URL other
 * nodes send clients to; a port it cannot take is retried every few seconds. A refused configuration (a bad value, a
 * key it does not read, a port another listener of this node holds, or a new port another program holds) is logged
 * and shown, and the last good one stays.
 */
@Component(service = {RedirectComponent.class, NodeStatusSource.class},
    configurationPid = {RedirectOptions.PID, RedirectOptions.LOCAL_PID}, immediate = true)
public class RedirectComponent implements NodeStatusSource {

    private static final Logger LOG = LoggerFactory.getLogger(RedirectComponent.class);
    static final long RETRY_SECONDS = 5;

    /** What {@code srv:redirects} shows. */
    public record Status(RedirectOptions options, Optional<InetSocketAddress> listening, Optional<String> url,
                         Optional<String> problem, List<RedirectPolicy.Assessment> nodes,
                         Optional<RedirectPolicy.Decision> nextClient, long served, long redirected, long refused) {
    }

    @Reference
    private NodeRegistry registry;
    @Reference
    private ListeningPorts ports;

    private final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vireo-srv-redirect-retry");
        t.setDaemon(true);
        return t;
    });
    private volatile RedirectOptions options;
    private volatile RedirectEndpoint endpoint;
    private volatile RedirectServer server;
    private volatile String problem;
    private ScheduledFuture<?> retry;

    @Activate
    synchronized void activate(Map<String, Object> properties) {
        try {
            RedirectOptions first = RedirectOptions.parse(properties);
            claim(first);
            options = first;
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
            LOG.error("{}; the redirect balancer stays off until it is corrected", e.getMessage());
            return;
        }
        apply();
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        RedirectOptions next;
        try {
            next = RedirectOptions.parse(properties);
            claim(next);
            if (server != null && next.enabled() && !at(next).equals(at(options))) {
                // tried before the endpoint leaves its port: one another program holds is refused
                ListeningPorts.unavailable(at(next).getAddress(), next.port()).ifPresent(why -> {
                    throw new IllegalArgumentException("configuration " + RedirectOptions.PID + " refused: "
                        + RedirectOptions.PORT + " = " + next.port() + ": " + why);
                });
            }
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
            LOG.error("{}; the redirect balancer goes on with its previous configuration", e.getMessage());
            if (options != null) {
                claim(options); // what it listens on stays its own
            }
            return;
        }
        if (next.equals(options) && (server != null || !next.enabled())) {
            problem = null;
            return;
        }
        close();
        options = next;
        apply();
    }

    @Deactivate
    synchronized void deactivate() {
        options = null; // a retry already waiting for the lock must not listen again
        close();
        retries.shutdownNow();
        ports.release(RedirectOptions.PID);
    }

    /**
     * Claims the endpoint's port in this node's {@link ListeningPorts} (none while it is off).
     *
     * @throws IllegalArgumentException naming the listener of this node that holds it
     */
    private void claim(RedirectOptions o) {
        try {
            ports.claim(RedirectOptions.PID, o.enabled() ? List.of(new ListeningPorts.Port(RedirectOptions.PORT.key(),
                at(o).getAddress(), o.port())) : List.of());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration " + RedirectOptions.PID + " refused: " + e.getMessage(),
                e);
        }
    }

    private static InetSocketAddress at(RedirectOptions o) {
        return new InetSocketAddress(o.bindAddress().orElseGet(Wildcard::any), o.port());
    }

    private void apply() {
        problem = null;
        endpoint = new RedirectEndpoint(options, registry::nodes);
        if (!options.enabled()) {
            LOG.info("srv: redirect balancer off (enabled = false in {})", RedirectOptions.PID);
            return;
        }
        listen();
    }

    private synchronized void listen() {
        if (options == null || !options.enabled() || server != null) {
            return;
        }
        InetSocketAddress at = at(options);
        try {
            // read at each try: a keystore fixed or replaced on disk is picked up by the next retry
            Optional<SslContext> tls = options.keystore().map(k -> EndpointTls.serverContext(k,
                options.keystorePassword()));
            server = RedirectServer.start(at, tls, () -> endpoint);
            retry = null;
            problem = null;
            LOG.info("srv: redirect balancer listening on {} for {} at {} ({})", at, options.service(), options.path(),
                tls.isPresent() ? "HTTPS" : "HTTP");
        } catch (IllegalStateException e) {
            problem = e.getMessage() + "; retried every " + RETRY_SECONDS + " s";
            LOG.error("srv: redirect balancer {}", problem);
            retry = retries.schedule(this::listen, RETRY_SECONDS, TimeUnit.SECONDS);
        }
    }

    private void close() {
        if (retry != null) {
            retry.cancel(false);
            retry = null;
        }
        RedirectServer s = server;
        server = null;
        if (s != null) {
            s.stop();
            LOG.info("srv: redirect balancer stopped listening");
        }
    }

    private Optional<String> ownUrl(List<ClusterNode> nodes) {
        RedirectOptions o = options;
        if (o == null || server == null) {
            return Optional.empty();
        }
        return nodes.stream().filter(ClusterNode::self).findFirst()
            .flatMap(self -> o.advertisedUrl(self.address()));
    }

    /** The service, with the URL other nodes send clients to, while this node listens. */
    @Override
    public Map<String, String> services() {
        RedirectOptions o = options;
        return ownUrl(registry.nodes()).map(url -> Map.of(o.service(), url)).orElse(Map.of());
    }

    public synchronized Status status() {
        RedirectEndpoint e = endpoint;
        RedirectServer s = server;
        List<ClusterNode> nodes = registry.nodes();
        long[] c = e == null ? new long[3] : e.counters();
        Optional<String> url = ownUrl(nodes);
        String why = problem;
        if (why == null && s != null && url.isEmpty()) {
            why = "no address to send clients here: set advertisedHost or bindAddress in " + RedirectOptions.LOCAL_PID
                + ", or join a cluster (org.vireo.cluster bindAddress)";
        }
        return new Status(options, Optional.ofNullable(s).map(RedirectServer::address), url, Optional.ofNullable(why),
            e == null ? List.of() : e.assess(nodes),
            e == null || s == null ? Optional.empty() : Optional.of(e.preview(nodes)),
            c[0], c[1], c[2]);
    }
}
