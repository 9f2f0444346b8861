package org.vireo.balancer.internal.listen;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.balancer.BalancerStatus;
import org.vireo.balancer.internal.forward.Route;

import io.netty.channel.Channel;

/**
 * The listening sockets the balancer should have, made to match what is wanted: the VIP ports of the instances
 * this node is master of, or the standalone addresses. What is no longer wanted closes first (a standalone
 * wildcard socket must go before a VIP socket on the same port can bind); what failed to bind is retried at each
 * reconciliation, and logged only when its reason changes. Connections already forwarded are not touched.
 */
public final class Listeners implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Listeners.class);
    /** In the reason of a socket whose port another socket of this host holds. */
    public static final String IN_USE = "Address already in use";

    /** One listening socket: where, what it forwards, and whether it may bind an address not (yet) local. */
    public record Spec(InetSocketAddress address, Route route, boolean freeBind) {

        String text() {
            String host = LinkScope.text(address.getAddress());
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
        }

        /** {@code http}, or {@code http -> master 10.0.0.1} when relayed. */
        String service() {
            return route.service() + (route.relayTo() == null ? ""
                : " -> master " + LinkScope.text(route.relayTo().getAddress()));
        }
    }

    /** Opens a listening socket (the forwarder); throws when it cannot bind. */
    @FunctionalInterface
    public interface Opener {
        Channel open(Spec spec) throws Exception;
    }

    private final Opener opener;
    private final Map<Spec, Channel> bound = new LinkedHashMap<>();
    private final Map<Spec, String> failed = new LinkedHashMap<>();
    private Set<Spec> wanted = Set.of();

    public Listeners(Opener opener) {
        this.opener = opener;
    }

    /** Binds what is wanted and not bound (again for those that failed), closes what is no longer wanted. */
    public synchronized void reconcile(Set<Spec> next) {
        wanted = new LinkedHashSet<>(next);
        for (Spec s : new ArrayList<>(bound.keySet())) {
            if (!wanted.contains(s)) {
                bound.remove(s).close().syncUninterruptibly();
                LOG.info("balancer: stopped listening on {} ({})", s.text(), s.service());
            }
        }
        failed.keySet().retainAll(wanted);
        for (Spec s : wanted) {
            if (bound.containsKey(s)) {
                continue;
            }
            try {
                bound.put(s, opener.open(s));
                LOG.info("balancer: listening on {} ({}){}", s.text(), s.service(),
                    failed.remove(s) != null ? " now" : "");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                String reason = "cannot listen on " + s.text() + " (" + s.service() + "): " + reason(e);
                if (!Objects.equals(failed.put(s, reason), reason)) {
                    LOG.error("balancer: {}; retrying every few seconds", reason);
                }
            }
        }
    }

    private static String reason(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (m.contains(IN_USE)) {
            return m + " (another program or listener has the port: change httpPort/ftpPort or stop it)";
        }
        if (m.contains("Cannot assign requested address")) {
            return m + " (the address is not on any interface of this node: fix standaloneAddresses)";
        }
        if (m.contains("Invalid argument")) {
            return m + " (an IPv6 link-local address, fe80::/10, needs its link: fe80::1%eth0)";
        }
        if (m.contains("Permission denied")) {
            return m + " (ports below 1024 need CAP_NET_BIND_SERVICE)";
        }
        return m;
    }

    /** Every wanted socket, bound or not and why. */
    public synchronized List<BalancerStatus.Listener> status() {
        List<BalancerStatus.Listener> out = new ArrayList<>();
        for (Spec s : wanted) {
            String problem = failed.getOrDefault(s, "");
            out.add(new BalancerStatus.Listener(s.text(), s.service(), bound.containsKey(s), problem));
        }
        return out;
    }

    /** Bound sockets now (port 0 resolved): for tests and the status. */
    public synchronized Map<Spec, InetSocketAddress> boundAddresses() {
        Map<Spec, InetSocketAddress> out = new LinkedHashMap<>();
        bound.forEach((s, c) -> out.put(s, (InetSocketAddress) c.localAddress()));
        return out;
    }

    @Override
    public synchronized void close() {
        reconcile(Set.of());
    }
}
