package org.vireo.scanner.internal.policy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.vireo.rules.Policy;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

/**
 * Whether a client may go where it asks, for every protocol the scanner proxies: one decision, so a rule that blocks
 * a target over HTTP blocks it over FTP too. Pure and immutable: one instance holds the rule set and the protected
 * destinations in force when a request came, and decides it before and after its host is resolved with them.
 *
 * <p>In order: the host's spelling, the port a protocol may reach, a forwarding loop, the rules (before any DNS
 * query), then every resolved address (the rules for that address and the protected destinations), and last the
 * connection made (a connection to this node needs a rule naming it). Authentication, and how each protocol frames
 * its requests, are the protocols' own.
 */
public final class Admission {

    /** How a request reached the proxy. */
    public enum Protocol {
        /** An HTTP request in absolute form. */
        HTTP,
        /** An HTTP CONNECT tunnel. */
        TUNNEL,
        /** A native FTP session, or an {@code ftp://} URL through the HTTP proxy. */
        FTP
    }

    /**
     * One request as every protocol states it.
     *
     * @param method the HTTP method, or the FTP command, upper case
     * @param host   lower case, without a trailing dot (a name or an address literal)
     * @param url    the absolute URL ({@code http://host/path}, {@code ftp://host/path}); {@code host:port} for a
     *               tunnel
     * @param via    the {@code Via} lines the request carries (none for FTP): this proxy's name in one is a loop
     */
    public record Request(Protocol protocol, InetAddress client, String method, String host, int port, String url,
                          List<String> via) {

        public Request {
            via = List.copyOf(via);
        }

        RequestFacts facts() {
            return new RequestFacts(client, method, host, port, url);
        }
    }

    /** What was decided: go on, resolve the host first, or refuse. */
    public sealed interface Outcome permits Resolve, Allowed, Blocked, Refused {
    }

    /**
     * The rules let the request on as far as its name goes: resolve the host and decide its addresses with
     * {@link #addresses}. {@code verdict} names the rule so far (or is undecided: a rule waits for the address).
     */
    public record Resolve(RequestFacts facts, Verdict verdict) implements Outcome {
    }

    /** The request may connect to {@code addresses} (the first is tried), as {@code verdict} decided. */
    public record Allowed(Verdict verdict, List<InetAddress> addresses) implements Outcome {

        public Allowed {
            addresses = List.copyOf(addresses);
        }
    }

    /** A rule, the default, or a protected destination blocks it: the block page (or reply) says why. */
    public record Blocked(Verdict verdict) implements Outcome {
    }

    /** The request is refused before the rules: {@code rule} names it in the access log where it has one. */
    public record Refused(Reason reason, String rule, String message) implements Outcome {
    }

    /** Why a request is refused before the rules; each protocol answers it in its own words (status, reply). */
    public enum Reason {
        /** The host is a number but not an IPv4 address in the one unambiguous spelling. */
        NUMERIC_HOST,
        /** The protocol may not reach that port (a tunnel outside {@code connectPorts}). */
        PORT,
        /** The request has passed this proxy already. */
        LOOP
    }

    private static final String OCTET = "(?:0|[1-9][0-9]?|1[0-9]{2}|2[0-4][0-9]|25[0-5])";
    private static final Pattern CANONICAL_IPV4 = Pattern.compile(OCTET + "\\." + OCTET + "\\." + OCTET + "\\."
        + OCTET);

    private final Policy policy;
    private final DestinationGuard guard;
    private final Set<Integer> tunnelPorts;
    private final String viaName;

    /**
     * @param tunnelPorts the ports a tunnel may reach
     * @param viaName     this proxy's name in the {@code Via} lines it adds
     */
    public Admission(Policy policy, DestinationGuard guard, Set<Integer> tunnelPorts, String viaName) {
        this.policy = policy;
        this.guard = guard;
        this.tunnelPorts = Set.copyOf(tunnelPorts);
        this.viaName = viaName;
    }

    /** The decision before any DNS query: refused, blocked, or to be resolved. */
    public Outcome admit(Request request) {
        String hostProblem = hostProblem(request.host());
        if (hostProblem != null) {
            return new Refused(Reason.NUMERIC_HOST, null, hostProblem);
        }
        if (request.protocol() == Protocol.TUNNEL && !tunnelPorts.contains(request.port())) {
            return new Refused(Reason.PORT, null, "CONNECT to port " + request.port() + " is not allowed; allowed: "
                + tunnelPorts.stream().sorted().toList());
        }
        if (ForwardingLoop.detected(request.via(), viaName)) {
            return new Refused(Reason.LOOP, "destination:loop", "Forwarding loop: this request has already passed"
                + " this proxy (" + viaName + "); its destination leads back here.");
        }
        RequestFacts facts = request.facts();
        Verdict verdict = policy.decide(facts);
        if (!verdict.allowed() && !verdict.undecided()) {
            return new Blocked(verdict);
        }
        return new Resolve(facts, verdict);
    }

    /**
     * The decision for the addresses the host resolved to: each decided by the rules for that address, then by the
     * protected destinations; only an address that was checked is ever connected to.
     */
    public Outcome addresses(Resolve resolved, List<InetAddress> addresses) {
        DestinationGuard.Decision decision = guard.decide(policy, resolved.facts(), addresses);
        return decision.allowed().isEmpty() ? new Blocked(decision.verdict())
            : new Allowed(decision.verdict(), decision.allowed());
    }

    /**
     * The verdict for a connection made: one whose two ends have one address went to this node, to an address that
     * came up on an interface after the node last looked at them, and needs a rule naming it.
     */
    public Verdict connected(InetSocketAddress local, InetSocketAddress remote, Verdict admitted) {
        if (local != null && remote != null && local.getAddress().equals(remote.getAddress())) {
            return guard.admitAsSelf(remote.getAddress(), admitted);
        }
        return admitted;
    }

    /**
     * Why the host is refused although it parses, or {@code null}: a host that ends in a number (its last label all
     * digits, or 0x and hex digits) is an IPv4 address to browsers and to the C library's resolver, which read
     * {@code 2130706433}, {@code 0x7f.1}, {@code 017700000001} and {@code 127.1} as 127.0.0.1 (and {@code 0177.0.0.1}
     * as 127.0.0.1 where Java reads 177.0.0.1); only the one unambiguous spelling, four decimal numbers 0-255 without
     * leading zeros, is taken (browsers send no other, as they normalise the rest). IPv6 literals are addresses
     * whatever their spelling and are checked as such.
     */
    public static String hostProblem(String host) {
        if (host.indexOf(':') >= 0 || !endsInANumber(host) || canonicalIpv4(host)) {
            return null;
        }
        return "the host '" + (host.length() > 80 ? host.substring(0, 80) + "..." : host) + "' is a number but not"
            + " an IPv4 address in dotted-decimal form: expected a host name or four decimal numbers 0-255 without"
            + " leading zeros (such as 192.0.2.1)";
    }

    /**
     * Whether {@code text} is an IPv4 address in its one unambiguous spelling: four decimal numbers 0-255 without
     * leading zeros (the C library reads {@code 010.0.0.1} as 8.0.0.1, Java as 10.0.0.1).
     */
    public static boolean canonicalIpv4(String text) {
        return CANONICAL_IPV4.matcher(text).matches();
    }

    private static boolean endsInANumber(String host) {
        String last = host.substring(host.lastIndexOf('.') + 1);
        return !last.isEmpty() && (last.chars().allMatch(c -> c >= '0' && c <= '9') || last.length() >= 2
            && last.charAt(0) == '0' && (last.charAt(1) | 0x20) == 'x'
            && last.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0));
    }
}
