package org.vireo.balancer.internal.forward;

import java.net.InetSocketAddress;

/**
 * What a listener forwards to on the chosen scanner, and whether a failed connect counts against the scanner's
 * health: the HTTP proxy port is what the scanner table lists and its monitor checks; the FTP ports are
 * forwarded to the same port on the scanner's address, and a scanner that does not serve FTP is not down for it.
 *
 * @param service       {@code http}, {@code ftp} or {@code ftp-data}, for the operator
 * @param port          the scanner port; 0: the port of its table entry
 * @param passiveHealth a refused or timed-out connect marks the scanner down
 */
public record Route(String service, int port, boolean passiveHealth) {

    public static final Route HTTP = new Route("http", 0, true);

    InetSocketAddress target(Backends.Backend backend) {
        return port == 0 ? backend.address() : new InetSocketAddress(backend.address().getAddress(), port);
    }
}
