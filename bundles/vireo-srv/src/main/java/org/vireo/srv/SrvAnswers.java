package org.vireo.srv;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Section;
import org.xbill.DNS.SRVRecord;

/**
 * What {@link SrvResolver} makes of the DNS answers it is given, apart from asking: pure, so that it is tested (and
 * fuzzed) on dnsjava messages alone. Only the answer section counts, and in it only the records of the type asked.
 */
final class SrvAnswers {

    private SrvAnswers() {
    }

    /**
     * A host name as SRV targets name them (RFC 2782: a host's domain name): labels of 1-63 letters, digits, '-' and
     * '_' (RFC 1123's, and the '_' that many internal names hold), in the lower case {@link #target} gives.
     */
    private static final Pattern HOST = Pattern.compile("[a-z0-9_-]{1,63}(\\.[a-z0-9_-]{1,63})*");

    /** What an SRV answer says: targets to look up (none: use the name's own addresses), or a resolution itself. */
    sealed interface Srv {
    }

    /** The answer's SRV records other than "."; empty: there are none, the name's own addresses serve. */
    record Targets(List<SrvRecord> records) implements Srv {
        Targets {
            records = List.copyOf(records);
        }
    }

    /** The answer is the resolution: an error, or the service decidedly not available (RFC 2782). */
    record Final(Resolution resolution) implements Srv {
    }

    /**
     * @param name    the name asked about ({@code example.com})
     * @param srvName the SRV name asked ({@code _vireo-proxy._tcp.example.com})
     */
    static Srv srv(String name, String srvName, Message srv) {
        int rcode = srv.getRcode();
        if (rcode != Rcode.NOERROR && rcode != Rcode.NXDOMAIN) {
            return new Final(new Resolution.Failed(srvName, error(rcode), "SRV query answered " + Rcode.string(rcode)));
        }
        List<SrvRecord> records = new ArrayList<>();
        for (var r : srv.getSection(Section.ANSWER)) {
            if (r instanceof SRVRecord s) {
                records.add(new SrvRecord(s.getPriority(), s.getWeight(), s.getPort(), target(s.getTarget())));
            }
        }
        if (records.size() == 1 && records.get(0).target().equals(".")) {
            return new Final(new Resolution.ServiceUnavailable(name, "the only SRV record of " + srvName
                + " has the target \".\": the service is decidedly not available at " + name + " (RFC 2782)"));
        }
        records.removeIf(r -> r.target().equals("."));
        // a target is looked up (A, AAAA) and shown to the operator (srv:resolve, the client tool): a host name only
        Optional<String> notAHost = records.stream().map(SrvRecord::target).filter(t -> !HOST.matcher(t).matches())
            .findFirst();
        records.removeIf(r -> !HOST.matcher(r.target()).matches());
        if (records.isEmpty() && notAHost.isPresent()) {
            return new Final(new Resolution.Failed(srvName, Resolution.DnsError.OTHER, "no SRV record of " + srvName
                + " names a host: '" + notAHost.get() + "' is not a host name (labels of letters, digits, '-' and '_')"));
        }
        return new Targets(records);
    }

    /**
     * The addresses of an A and an AAAA answer, IPv4 first.
     *
     * @throws Lookup neither holds an address and the A query failed (NXDOMAIN, SERVFAIL...)
     */
    static List<InetAddress> addresses(String host, Message a, Message aaaa) throws Lookup {
        List<InetAddress> out = new ArrayList<>(addresses(a));
        out.addAll(addresses(aaaa));
        if (out.isEmpty() && a.getRcode() != Rcode.NOERROR) {
            throw new Lookup(error(a.getRcode()), host + ": " + Rcode.string(a.getRcode()));
        }
        return out;
    }

    /** The A and AAAA addresses of an answer, in its order; none for an error. */
    static List<InetAddress> addresses(Message m) {
        List<InetAddress> out = new ArrayList<>();
        for (var r : m.getSection(Section.ANSWER)) {
            if (r instanceof ARecord v4) {
                out.add(v4.getAddress());
            } else if (r instanceof AAAARecord v6) {
                out.add(v6.getAddress());
            }
        }
        return out;
    }

    /** A target as the candidates name it: lower case, without the root's dot; the root itself is ".". */
    private static String target(Name target) {
        String t = target.toString(true);
        return t.isEmpty() ? "." : t.toLowerCase(Locale.ROOT);
    }

    static Resolution.DnsError error(int rcode) {
        return switch (rcode) {
            case Rcode.NXDOMAIN -> Resolution.DnsError.NXDOMAIN;
            case Rcode.SERVFAIL -> Resolution.DnsError.SERVFAIL;
            case Rcode.REFUSED -> Resolution.DnsError.REFUSED;
            default -> Resolution.DnsError.OTHER;
        };
    }

    /** A lookup that the server answered with an error. */
    static final class Lookup extends Exception {
        private static final long serialVersionUID = 1L;

        final transient Resolution.DnsError error;

        Lookup(Resolution.DnsError error, String message) {
            super(message, null, false, false);
            this.error = error;
        }
    }
}
