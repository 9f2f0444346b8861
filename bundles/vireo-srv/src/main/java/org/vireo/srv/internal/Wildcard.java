package org.vireo.srv.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Where a listener of this bundle listens when no address is set. */
public final class Wildcard {

    private Wildcard() {
    }

    /**
     * IPv6's wildcard, which takes IPv4 too (a plain InetSocketAddress(port) may give 0.0.0.0: IPv4 only).
     */
    public static InetAddress any() {
        try {
            return InetAddress.getByAddress(new byte[16]);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
