package org.vireo.srv;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.random.RandomGenerator;

import org.xbill.DNS.DClass;
import org.xbill.DNS.ExtendedResolver;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Resolver;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * Turns a server address into the ordered candidates a client tries: an IP literal as it is; a name through its
 * SRV records ({@code <service>.<name>}, ordered by {@link SrvOrder}, each target resolved to its A and AAAA
 * addresses); a name without SRV records through its own addresses on the default port.
 */
public final class SrvResolver implements AddressLookup {

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
        return resolve(address, true);
    }

    /**
     * The same, but SRV targets come without their addresses (none): for {@link SrvConnector#connect(
     * Resolution.Candidates, AddressLookup)}, which looks each up as it comes to it, AAAA and A at once (RFC 8305).
     */
    public Resolution records(String address) {
        return resolve(address, false);
    }

    /** A host's AAAA or A addresses, asked without waiting; none when the query fails or times out. */
    @Override
    public CompletableFuture<List<InetAddress>> lookup(String host, boolean ipv6) {
        Message query;
        try {
            query = message(host, ipv6 ? Type.AAAA : Type.A);
        } catch (IOException e) {
            return CompletableFuture.completedFuture(List.of());
        }
        return resolver.sendAsync(query).toCompletableFuture().thenApply(SrvAnswers::addresses)
            .exceptionally(e -> List.of());
    }

    private Resolution resolve(String address, boolean lookUpTargets) {
        ServerAddress a = ServerAddress.parse(address);
        int port = a.port().orElse(settings.defaultPort());
        if (a.isLiteral()) {
            InetAddress literal = a.literal().orElseThrow();
            return new Resolution.Candidates(address, Resolution.Source.LITERAL,
                List.of(new Resolution.Candidate(literal.getHostAddress(), List.of(literal), port, 0, 0)));
        }
        String name = a.name().orElseThrow();
        String srvName = settings.service() + "." + name;
        SrvAnswers.Srv answer;
        try {
            answer = SrvAnswers.srv(name, srvName, query(srvName, Type.SRV));
        } catch (IOException e) {
            return failed(srvName, e);
        }
        if (answer instanceof SrvAnswers.Final f) {
            return f.resolution();
        }
        List<SrvRecord> records = ((SrvAnswers.Targets) answer).records();
        if (records.isEmpty()) { // no SRV records: the name's own addresses
            try {
                List<InetAddress> own = addresses(name);
                if (own.isEmpty()) {
                    return new Resolution.Failed(name, Resolution.DnsError.NO_ADDRESS,
                        "no SRV records at " + srvName + " and no A or AAAA records at " + name);
                }
                return new Resolution.Candidates(address, Resolution.Source.ADDRESS,
                    List.of(new Resolution.Candidate(name, own, port, 0, 0)));
            } catch (SrvAnswers.Lookup e) {
                return new Resolution.Failed(name, e.error, e.getMessage());
            } catch (IOException e) {
                return failed(name, e);
            }
        }
        List<Resolution.Candidate> candidates = new ArrayList<>();
        for (SrvRecord r : SrvOrder.order(records, random)) {
            List<InetAddress> addresses = List.of();
            try {
                // always a host name, even one that reads like an IP address (RFC 2782): looked up, never parsed
                addresses = lookUpTargets ? addresses(r.target()) : List.of();
            } catch (SrvAnswers.Lookup | IOException e) {
                // this target fails; the others are still worth trying
            }
            candidates.add(new Resolution.Candidate(r.target(), addresses, r.port(), r.priority(), r.weight()));
        }
        return new Resolution.Candidates(address, Resolution.Source.SRV, candidates);
    }

    /** A then AAAA addresses; an NXDOMAIN or SERVFAIL for both is a {@link SrvAnswers.Lookup} failure. */
    private List<InetAddress> addresses(String host) throws IOException, SrvAnswers.Lookup {
        return SrvAnswers.addresses(host, query(host, Type.A), query(host, Type.AAAA));
    }

    private Message query(String name, int type) throws IOException {
        return resolver.send(message(name, type));
    }

    private static Message message(String name, int type) throws IOException {
        Name n;
        try {
            n = Name.fromString(name, Name.root);
        } catch (TextParseException e) {
            throw new IOException("'" + name + "' is not a DNS name: " + e.getMessage(), e);
        }
        return Message.newQuery(org.xbill.DNS.Record.newRecord(n, type, DClass.IN));
    }

    private static Resolution failed(String name, IOException e) {
        boolean timeout = e instanceof SocketTimeoutException || e.getCause() instanceof SocketTimeoutException
            || String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("timed out");
        return new Resolution.Failed(name, timeout ? Resolution.DnsError.TIMEOUT : Resolution.DnsError.OTHER,
            String.valueOf(e.getMessage()));
    }
}
