package org.vireo.srv;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

import org.xbill.DNS.ARecord;
import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.ExtendedResolver;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Resolver;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * Turns a server address into the ordered candidates a client tries: an IP literal as it is; a name through its
 * SRV records ({@code <service>.<name>}, ordered by {@link SrvOrder}, each target resolved to its A and AAAA
 * addresses); a name without SRV records through its own addresses on the default port.
 */
public final class SrvResolver {

    /**
     * @param servers     DNS servers, tried in turn
     * @param timeout     per query and server
     * @param retries     further tries per server after a timeout
     * @param tcpFallback ask again over TCP when an answer comes back truncated
     * @param service     the SRV service and protocol labels, e.g. {@code _vireo-proxy._tcp} or
     *                    {@code _ideco-client._tcp}
     * @param defaultPort for literals and names without a port or SRV records
     */
    public record Settings(List<InetSocketAddress> servers, Duration timeout, int retries, boolean tcpFallback,
                           String service, int defaultPort) {

        public Settings {
            servers = List.copyOf(servers);
            if (servers.isEmpty()) {
                throw new IllegalArgumentException("at least one DNS server is needed");
            }
            if (!service.matches("_[A-Za-z0-9-]{1,62}\\._(tcp|udp)")) {
                throw new IllegalArgumentException("service '" + service + "': expected _<name>._tcp or"
                    + " _<name>._udp, e.g. _vireo-proxy._tcp");
            }
            if (defaultPort < 1 || defaultPort > 65_535) {
                throw new IllegalArgumentException("default port " + defaultPort + ": expected 1-65535");
            }
        }
    }

    private final Settings settings;
    private final Resolver resolver;
    private final RandomGenerator random;

    public SrvResolver(Settings settings, RandomGenerator random) {
        this.settings = settings;
        this.random = random;
        List<Resolver> each = new ArrayList<>();
        for (InetSocketAddress server : settings.servers()) {
            SimpleResolver r = new SimpleResolver(server);
            r.setTimeout(settings.timeout());
            r.setIgnoreTruncation(!settings.tcpFallback());
            each.add(r);
        }
        ExtendedResolver all = new ExtendedResolver(each);
        all.setRetries(settings.retries() + 1); // dnsjava counts the first try
        all.setTimeout(settings.timeout().multipliedBy(settings.retries() + 1L).multipliedBy(each.size()));
        all.setLoadBalance(false);
        this.resolver = all;
    }

    /**
     * The candidates for {@code address}, or why there are none.
     *
     * @throws IllegalArgumentException the address is neither an IP literal nor a host name (see
     *                                  {@link ServerAddress#parse})
     */
    public Resolution resolve(String address) {
        ServerAddress a = ServerAddress.parse(address);
        int port = a.port().orElse(settings.defaultPort());
        if (a.isLiteral()) {
            InetAddress literal = a.literal().orElseThrow();
            return new Resolution.Candidates(address, Resolution.Source.LITERAL,
                List.of(new Resolution.Candidate(literal.getHostAddress(), List.of(literal), port, 0, 0)));
        }
        String name = a.name().orElseThrow();
        String srvName = settings.service() + "." + name;
        Message srv;
        try {
            srv = query(srvName, Type.SRV);
        } catch (IOException e) {
            return failed(srvName, e);
        }
        int rcode = srv.getRcode();
        if (rcode != Rcode.NOERROR && rcode != Rcode.NXDOMAIN) {
            return new Resolution.Failed(srvName, error(rcode), "SRV query answered " + Rcode.string(rcode));
        }
        List<SrvRecord> records = new ArrayList<>();
        for (var r : srv.getSection(Section.ANSWER)) {
            if (r instanceof SRVRecord s) {
                records.add(new SrvRecord(s.getPriority(), s.getWeight(), s.getPort(), target(s.getTarget())));
            }
        }
        if (records.size() == 1 && records.get(0).target().equals(".")) {
            return new Resolution.ServiceUnavailable(name, "the only SRV record of " + srvName
                + " has the target \".\": the service is decidedly not available at " + name + " (RFC 2782)");
        }
        records.removeIf(r -> r.target().equals("."));
        if (records.isEmpty()) { // no SRV records: the name's own addresses
            try {
                List<InetAddress> own = addresses(name);
                if (own.isEmpty()) {
                    return new Resolution.Failed(name, Resolution.DnsError.NO_ADDRESS,
                        "no SRV records at " + srvName + " and no A or AAAA records at " + name);
                }
                return new Resolution.Candidates(address, Resolution.Source.ADDRESS,
                    List.of(new Resolution.Candidate(name, own, port, 0, 0)));
            } catch (Lookup e) {
                return new Resolution.Failed(name, e.error, e.getMessage());
            } catch (IOException e) {
                return failed(name, e);
            }
        }
        List<Resolution.Candidate> candidates = new ArrayList<>();
        for (SrvRecord r : SrvOrder.order(records, random)) {
            List<InetAddress> addresses;
            try {
                // always a host name, even one that reads like an IP address (RFC 2782): looked up, never parsed
                addresses = addresses(r.target());
            } catch (Lookup | IOException e) {
                addresses = List.of(); // this target fails; the others are still worth trying
            }
            candidates.add(new Resolution.Candidate(r.target(), addresses, r.port(), r.priority(), r.weight()));
        }
        return new Resolution.Candidates(address, Resolution.Source.SRV, candidates);
    }

    private static String target(Name target) {
        String t = target.toString(true);
        return t.isEmpty() ? "." : t.toLowerCase(Locale.ROOT);
    }

    /** A then AAAA addresses; an NXDOMAIN or SERVFAIL for both is a {@link Lookup} failure. */
    private List<InetAddress> addresses(String host) throws IOException, Lookup {
        List<InetAddress> out = new ArrayList<>();
        Message a = query(host, Type.A);
        Message aaaa = query(host, Type.AAAA);
        for (Message m : List.of(a, aaaa)) {
            for (var r : m.getSection(Section.ANSWER)) {
                if (r instanceof ARecord v4) {
                    out.add(v4.getAddress());
                } else if (r instanceof AAAARecord v6) {
                    out.add(v6.getAddress());
                }
            }
        }
        if (out.isEmpty() && a.getRcode() != Rcode.NOERROR) {
            throw new Lookup(error(a.getRcode()), host + ": " + Rcode.string(a.getRcode()));
        }
        return out;
    }

    private Message query(String name, int type) throws IOException {
        Name n;
        try {
            n = Name.fromString(name, Name.root);
        } catch (TextParseException e) {
            throw new IOException("'" + name + "' is not a DNS name: " + e.getMessage(), e);
        }
        return resolver.send(Message.newQuery(org.xbill.DNS.Record.newRecord(n, type, DClass.IN)));
    }

    private static Resolution.DnsError error(int rcode) {
        return switch (rcode) {
            case Rcode.NXDOMAIN -> Resolution.DnsError.NXDOMAIN;
            case Rcode.SERVFAIL -> Resolution.DnsError.SERVFAIL;
            case Rcode.REFUSED -> Resolution.DnsError.REFUSED;
            default -> Resolution.DnsError.OTHER;
        };
    }

    private static Resolution failed(String name, IOException e) {
        boolean timeout = e instanceof SocketTimeoutException || e.getCause() instanceof SocketTimeoutException
            || String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("timed out");
        return new Resolution.Failed(name, timeout ? Resolution.DnsError.TIMEOUT : Resolution.DnsError.OTHER,
            String.valueOf(e.getMessage()));
    }

    /** A lookup that the server answered with an error. */
    private static final class Lookup extends Exception {
        final Resolution.DnsError error;

        Lookup(Resolution.DnsError error, String message) {
            super(message, null, false, false);
            this.error = error;
        }
    }
}
