package org.vireo.scanner.internal.policy;

import java.util.List;

/**
 * Whether a request has already passed this proxy: a {@code Via} entry received by this proxy's {@code viaName}
 * (RFC 9110 section 7.6.3: {@code Via: 1.1 name, 1.0 other (comment)}). A request to the cluster's VIP (or to
 * another scanner) from a scanner that does not know the VIP, as one outside a cluster, would otherwise come back to
 * it through the director, again and again, each round taking a connection; Squid refuses the same way.
 */
final class ForwardingLoop {

    private ForwardingLoop() {
    }

    /** @param via every {@code Via} header line of the request */
    static boolean detected(List<String> via, String viaName) {
        for (String line : via) {
            for (String entry : line.split(",")) {
                String[] words = entry.strip().split("[ \\t]+", 3);
                if (words.length >= 2 && words[1].equalsIgnoreCase(viaName)) {
                    return true;
                }
            }
        }
        return false;
    }
}
