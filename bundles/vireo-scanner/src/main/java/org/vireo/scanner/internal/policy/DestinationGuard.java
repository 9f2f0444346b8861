package org.vireo.scanner.internal.policy;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.vireo.rules.Network;
import org.vireo.rules.Policy;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

/**
 * The destinations a proxy must not reach for a client unless the rules say so by name: this node (its loopback,
 * its own addresses, and so its management ports), the cluster's virtual addresses and members, the unspecified
 * address, link-local and cloud metadata addresses, multicast, and, when so configured, the private ranges. A
 * protected address is allowed only by a rule that allows the request with a {@code destination} condition whose
 * matching network lies within the protected range (for this node's own addresses, the cluster's and metadata: the
 * address itself); a broad rule such as {@code destination 0.0.0.0/0} never opens one. Checked on every resolved
 * address, never on the name. Pure and immutable.
 */
public final class DestinationGuard {

    /** Why an address is protected, most specific first. */
    public enum Kind {
        SELF("this node's own address", true),
        VIRTUAL("a virtual address (VIP) of the cluster", false),
        MEMBER("the address of a cluster member", false),
        METADATA("a cloud metadata address", false),
        LOOPBACK("this node's loopback", true),
        UNSPECIFIED("the unspecified address (this node)", true),
        LINK_LOCAL("a link-local address", false),
        NOT_UNICAST("a multicast, broadcast or reserved address", false),
        PRIVATE("a private address (privateDestinations = refuse)", false);

        private final String description;
        private final boolean thisNode;

        Kind(String description, boolean thisNode) {
            this.description = description;
            this.thisNode = thisNode;
        }

        public String description() {
            return description;
        }

        /** The kinds that are this node whatever its interfaces say. */
        boolean thisNode() {
            return thisNode;
        }

        /** How the access log and the block page name the refusal. */
        public String ruleName() {
            return "destination:" + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** An address's protection: why, and the range a rule's destination network must lie within to allow it. */
    public record Protection(Kind kind, Network range) {
    }

    /** What was decided for a request's resolved addresses. */
    public record Decision(List<InetAddress> allowed, Verdict verdict) {

        public Decision {
            allowed = List.copyOf(allowed);
        }
    }

    private record Range(Kind kind, Network network) {
    }

    /** This node whatever its interfaces list (lo holds 127.0.0.1 too): tried before its own addresses. */
    private static final List<Range> THIS_NODE = List.of(
        new Range(Kind.LOOPBACK, Network.of("127.0.0.0/8")),
        new Range(Kind.LOOPBACK, Network.of("::1/128")),
        new Range(Kind.UNSPECIFIED, Network.of("0.0.0.0/8")), // Linux connects 0.0.0.0 to this host
        new Range(Kind.UNSPECIFIED, Network.of("::/128")));
    private static final List<Range> FIXED = List.of(
        new Range(Kind.METADATA, Network.of("169.254.169.254")), // AWS, Azure, GCP, Oracle, OpenStack
        new Range(Kind.METADATA, Network.of("fd00:ec2::254")), // AWS over IPv6
        new Range(Kind.METADATA, Network.of("100.100.100.200")), // Alibaba Cloud
        new Range(Kind.LINK_LOCAL, Network.of("169.254.0.0/16")),
        new Range(Kind.LINK_LOCAL, Network.of("fe80::/10")),
        new Range(Kind.NOT_UNICAST, Network.of("224.0.0.0/3")), // multicast, reserved, broadcast
        new Range(Kind.NOT_UNICAST, Network.of("ff00::/8")));
    private static final List<Range> PRIVATE = List.of(
        new Range(Kind.PRIVATE, Network.of("10.0.0.0/8")),
        new Range(Kind.PRIVATE, Network.of("172.16.0.0/12")),
        new Range(Kind.PRIVATE, Network.of("192.168.0.0/16")),
        new Range(Kind.PRIVATE, Network.of("100.64.0.0/10")), // carrier-grade NAT (RFC 6598)
        new Range(Kind.PRIVATE, Network.of("fc00::/7")));
    /** IPv6 forms that carry an IPv4 address in their last 32 bits, which some stacks and gateways act on. */
    private static final List<Network> EMBEDDING = List.of(
        Network.of("::/96"), // IPv4-compatible (RFC 4291, deprecated)
        Network.of("::ffff:0:0:0/96"), // IPv4-translated (RFC 2765)
        Network.of("64:ff9b::/96")); // NAT64 (RFC 6052)

    private final LocalAddresses local;
    private final boolean refusePrivate;

    /** @param refusePrivate whether the private ranges are protected too */
    public DestinationGuard(LocalAddresses local, boolean refusePrivate) {
        this.local = local;
        this.refusePrivate = refusePrivate;
    }

    /** Why {@code address} is protected, or {@code null} when it is not. */
    public Protection protection(InetAddress address) {
        InetAddress embedded = embeddedIpv4(address);
        if (embedded != null) {
            Protection inner = protection(embedded);
            // only the very address allows it: a rule's IPv6 network cannot lie within an IPv4 range
            return inner == null ? null : new Protection(inner.kind(), Network.of(address));
        }
        Range node = first(THIS_NODE, address);
        if (node != null) {
            return new Protection(node.kind(), node.network());
        }
        Kind exact = local.own().contains(address) ? Kind.SELF : local.virtual().contains(address) ? Kind.VIRTUAL
            : local.members().contains(address) ? Kind.MEMBER : null;
        if (exact != null) {
            return new Protection(exact, Network.of(address));
        }
        Range range = first(FIXED, address);
        if (range == null && refusePrivate) {
            range = first(PRIVATE, address);
        }
        return range == null ? null : new Protection(range.kind(), range.network());
    }

    /**
     * The verdict for one resolved address: the rules' verdict for the request going there, or, for a protected
     * address the verdict does not allow by name, a refusal.
     */
    public Verdict admit(InetAddress address, Verdict rules) {
        Protection protection = protection(address);
        if (protection == null || !rules.allowed() || opens(rules, protection)) {
            return rules;
        }
        return refusal(address, protection);
    }

    /**
     * As {@link #admit}, for an address found to be this node's only once connected to (one that came up on an
     * interface after the last look at them): it needs a rule naming it as if it had been known.
     */
    public Verdict admitAsSelf(InetAddress address, Verdict rules) {
        Protection known = protection(address);
        boolean narrowest = known != null && (known.kind().thisNode() || known.range().equals(Network.of(address)));
        Protection self = narrowest ? known : new Protection(Kind.SELF, Network.of(address));
        return !rules.allowed() || opens(rules, self) ? rules : refusal(address, self);
    }

    /**
     * Decides each of a request's resolved addresses, in order: the allowed ones (which alone the proxy may
     * connect to) and the verdict of the first allowed one, or, when none is, the first refusal.
     */
    public Decision decide(Policy policy, RequestFacts request, List<InetAddress> addresses) {
        List<InetAddress> allowed = new ArrayList<>(addresses.size());
        Verdict first = null;
        Verdict firstAllowed = null;
        for (InetAddress address : addresses) {
            Verdict verdict = admit(address, policy.decide(request.to(address)));
            first = first == null ? verdict : first;
            if (verdict.allowed()) {
                allowed.add(address);
                firstAllowed = firstAllowed == null ? verdict : firstAllowed;
            }
        }
        if (first == null) {
            throw new IllegalArgumentException("no address to decide for " + request.host());
        }
        return new Decision(allowed, firstAllowed == null ? first : firstAllowed);
    }

    private static boolean opens(Verdict rules, Protection protection) {
        return rules.destination() != null && protection.range().contains(rules.destination());
    }

    private static Verdict refusal(InetAddress address, Protection protection) {
        String literal = Network.literal(address);
        return new Verdict(false, protection.kind().ruleName(), literal + " is " + protection.kind().description()
            + ": the proxy does not go there unless a rule allows it with a destination condition within "
            + protection.range() + " (such as destination " + literal + ")");
    }

    private static Range first(List<Range> ranges, InetAddress address) {
        for (Range range : ranges) {
            if (range.network().contains(address)) {
                return range;
            }
        }
        return null;
    }

    /** The IPv4 address an IPv6 address carries in one of the {@link #EMBEDDING} forms, or {@code null}. */
    private static InetAddress embeddedIpv4(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return null;
        }
        byte[] bytes = address.getAddress();
        if ((bytes[12] | bytes[13] | bytes[14]) == 0 && (bytes[15] & 0xff) <= 1 && EMBEDDING.get(0).contains(address)) {
            return null; // :: and ::1 are themselves, not IPv4-compatible forms
        }
        for (Network form : EMBEDDING) {
            if (form.contains(address)) {
                try {
                    return InetAddress.getByAddress(new byte[] {bytes[12], bytes[13], bytes[14], bytes[15]});
                } catch (UnknownHostException e) {
                    throw new IllegalStateException(e); // 4 bytes: cannot happen
                }
            }
        }
        return null;
    }
}
