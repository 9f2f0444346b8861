package org.vireo.vrrp.internal.fsm;

import java.net.InetAddress;
import java.util.Arrays;

/** Orders primary addresses for the equal-priority tie-break of RFC 5798 6.4.3. */
final class AddressOrder {
    private AddressOrder() {
    }

    /**
     * Compares the addresses as unsigned integers in network byte order, which is what "greater primary
     * address" means; a signed byte compare would rank 10.0.0.200 below 10.0.0.5. Mixed families cannot meet
     * in one virtual router, but get a stable order (shorter address first) rather than an exception.
     */
    static int compare(InetAddress a, InetAddress b) {
        byte[] x = a.getAddress();
        byte[] y = b.getAddress();
        if (x.length != y.length) {
            return Integer.compare(x.length, y.length);
        }
        return Arrays.compareUnsigned(x, y);
    }
}
