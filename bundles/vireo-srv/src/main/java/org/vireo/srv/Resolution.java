package org.vireo.srv;

import java.net.InetAddress;
import java.util.List;

/** What {@link SrvResolver} made of a server address: candidates to try in order, or why there are none. */
public sealed interface Resolution {

    /** Where the candidates came from. */
    enum Source {
        /** The address was an IP literal: no DNS. */
        LITERAL,
        /** SRV records of the name. */
        SRV,
        /** The name had no SRV records: its own A/AAAA records, on the default port. */
        ADDRESS
    }

    /** How a DNS lookup failed, told apart. */
    enum DnsError {
        /** The name does not exist. */
        NXDOMAIN,
        /** The server could not answer (its upstream or zone is broken). */
        SERVFAIL,
        /** No answer within the timeout, retries included. */
        TIMEOUT,
        /** The server refused to answer. */
        REFUSED,
        /** The name exists but has no address. */
        NO_ADDRESS,
        /** Anything else (a network error, a malformed answer). */
        OTHER
    }

    /**
     * One target to try.
     *
     * @param host      the SRV target, the name itself, or the literal as given
     * @param addresses its IPv4 then IPv6 addresses (empty: the target did not resolve)
     * @param port      where to connect
     * @param priority  the SRV priority (0 for a literal or a name without SRV)
     * @param weight    the SRV weight
     */
    record Candidate(String host, List<InetAddress> addresses, int port, int priority, int weight) {

        public Candidate {
            addresses = List.copyOf(addresses);
        }
    }

    /** Candidates in the order to try them. */
    record Candidates(String query, Source source, List<Candidate> candidates) implements Resolution {

        public Candidates {
            candidates = List.copyOf(candidates);
        }
    }

    /** A single SRV record with target "." (RFC 2782): the service is decidedly not available there. */
    record ServiceUnavailable(String domain, String message) implements Resolution {
    }

    /** DNS could not give candidates. */
    record Failed(String name, DnsError error, String detail) implements Resolution {
    }
}
