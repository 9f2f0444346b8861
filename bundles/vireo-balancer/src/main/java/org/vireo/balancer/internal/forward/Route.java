package org.vireo.balancer.internal.forward;

import java.net.InetSocketAddress;

/**
 * What a listener forwards to on the chosen scanner, and whether a failed connect counts against the scanner's
 * health: the HTTP proxy port is what the scanner table lists and its monitor checks; the FTP ports are
 * forwarded to the same port on the scanner's address, and a scanner that does not serve FTP is not down for it.
 *
 * A route with {@code relayTo} does not balance: a backup with send-to-master passes each connection to the
 * master, which balances it.
 *
 * @param service       {@code http}, {@code ftp} or {@code ftp-data}, for the operator
 * @param port          the scanner port; 0: the port of its table entry
 * @param passiveHealth a refused or timed-out connect marks the scanner down
 * @param relayTo       where every connection goes instead of a scanner (the master); null: balanced
 */
public record Route(String service, int port, boolean passiveHealth, InetSocketAddress relayTo) {

    public static final Route HTTP = new Route("http", 0, true, null);
    /** The FTP control port's service: its connections are a client's sessions. */
    public static final String FTP = "ftp";
    /** The FTP passive ports' service: their connections follow the client's session. */
    public static final String FTP_DATA = "ftp-data";

    public Route(String service, int port, boolean passiveHealth) {
        this(service, port, passiveHealth, null);
    }

    /** The same route, relayed to {@code master} at the port it listens on. */
    public Route relayedTo(InetSocketAddress master) {
        return new Route(service, port, false, master);
    }

    /** Whether a connection of this route is an FTP session, which the client's data connections follow. */
    boolean opensSession() {
        return FTP.equals(service);
    }

    /** Whether a connection of this route goes to the scanner of the client's FTP session. */
    boolean followsSession() {
        return FTP_DATA.equals(service);
    }

    InetSocketAddress target(Backends.Backend backend) {
        return port == 0 ? backend.address() : new InetSocketAddress(backend.address().getAddress(), port);
    }
}
