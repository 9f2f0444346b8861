package org.vireo.config;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The TCP ports this node's listeners hold (a node-local registry, one per node). A listener claims the ports of a
 * configuration before it binds them; a port another listener of this node holds is refused, naming that one, so
 * that a configuration that would take another component's port ({@code httpPort = 3128} beside the scanner's
 * proxy) is refused like any bad value and the listener keeps the ports it has.
 */
public interface ListeningPorts {

    /**
     * One port a configuration listens on.
     *
     * @param key     the configuration key that sets it, for messages ({@code httpPort})
     * @param address where it listens; the wildcard (0.0.0.0, ::) takes the port on every address
     * @param port    0 (any free port) is never held
     */
    record Port(String key, InetAddress address, int port) {

        /** Whether this port and {@code other} cannot both be bound. */
        public boolean collides(Port other) {
            return port != 0 && port == other.port && (address.isAnyLocalAddress() || other.address.isAnyLocalAddress()
                || address.equals(other.address));
        }

        /** {@code httpPort 9090 on 0.0.0.0}. */
        public String describe() {
            return key + " " + port + " on " + address.getHostAddress();
        }
    }

    /**
     * Claims {@code ports} for {@code owner} in place of those it held; nothing changes if one is refused.
     *
     * @param owner the configuration that listens, as the operator knows it ({@code org.vireo.balancer})
     * @throws IllegalArgumentException naming the first port another owner holds, and that owner
     */
    void claim(String owner, Collection<Port> ports);

    /** Gives up every port of {@code owner}. */
    void release(String owner);

    /** The ports held now, by owner. */
    Map<String, List<Port>> held();

    /**
     * Why this host would not let a listener bind {@code address:port} now (another program holds the port, the
     * address is not this host's, a privileged port), or empty if it would: a listener that moves tries its new port
     * before it lets the old one go. Port 0 always binds.
     */
    static Optional<String> unavailable(InetAddress address, int port) {
        if (port == 0) {
            return Optional.empty();
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(address, port));
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("cannot listen on " + new InetSocketAddress(address, port) + ": " + e.getMessage()
                + (String.valueOf(e.getMessage()).contains("in use") ? " (another program has the port)" : ""));
        }
    }
}
