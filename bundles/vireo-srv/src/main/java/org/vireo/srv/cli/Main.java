package org.vireo.srv.cli;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import org.vireo.srv.Resolution;
import org.vireo.srv.SrvConnector;
import org.vireo.srv.SrvOrder;
import org.vireo.srv.SrvRecord;
import org.vireo.srv.SrvResolver;

/**
 * The client-side tool outside Karaf: {@code resolve} prints the candidates of a server address, {@code connect}
 * runs the connector and prints its trace.
 */
public final class Main {

    static final String USAGE = """
        usage: vireo-srv resolve <address> [options]   the candidates, in order, and a few sample orders
               vireo-srv connect <address> [options]   try them; print every attempt, redirect and error
        <address>: an IP literal (with or without :port, IPv6 in brackets when a port follows) or a host name
        options:
          --service _name._tcp   the SRV service label (default _vireo-proxy._tcp; e.g. _ideco-client._tcp)
          --dns ip[:port]        the DNS server (repeatable; default: the first nameserver of /etc/resolv.conf)
          --timeout ms           per DNS query and per connection (default 2000)
          --port n               the default port (default 443)
          --scheme http|https    connect: the scheme (default https)
          --path /p              connect: the login endpoint (default /)
          --stagger ms           connect: start the next candidate after this long (default 250; 0: one by one)
        exit status: 0 resolved or connected, 1 not, 2 bad usage""";

    private Main() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command; the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        if (args.length < 2 || !(args[0].equals("resolve") || args[0].equals("connect"))) {
            err.println(USAGE);
            return 2;
        }
        String service = "_vireo-proxy._tcp";
        List<InetSocketAddress> dns = new ArrayList<>();
        int timeout = 2000;
        int port = 443;
        String scheme = "https";
        String path = "/";
        int stagger = 250;
        try {
            for (int i = 2; i < args.length; i++) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                if (value == null) {
                    throw new IllegalArgumentException(args[i] + " needs a value");
                }
                switch (args[i]) {
                    case "--service" -> service = value;
                    case "--dns" -> dns.add(server(value));
                    case "--timeout" -> timeout = Integer.parseInt(value);
                    case "--port" -> port = Integer.parseInt(value);
                    case "--scheme" -> scheme = value;
                    case "--path" -> path = value;
                    case "--stagger" -> stagger = Integer.parseInt(value);
                    default -> throw new IllegalArgumentException("unknown option " + args[i]);
                }
                i++;
            }
            if (dns.isEmpty()) {
                dns.add(new InetSocketAddress(org.xbill.DNS.ResolverConfig.getCurrentConfig().server().getAddress(),
                    53));
            }
            SrvResolver resolver = new SrvResolver(new SrvResolver.Settings(dns, Duration.ofMillis(timeout), 1, true,
                service, port), new SplittableRandom());
            Resolution r = resolver.resolve(args[1]);
            if (!(r instanceof Resolution.Candidates c)) {
                out.println(describe(r));
                return 1;
            }
            if (args[0].equals("resolve")) {
                printCandidates(c, out);
                return 0;
            }
            SrvConnector.Result result = SrvConnector.standard(new SrvConnector.Settings(scheme, path,
                Duration.ofMillis(timeout), Duration.ofMillis(timeout * 5L), Duration.ofMillis(stagger))).connect(c);
            for (SrvConnector.Step s : result.steps()) {
                out.printf("candidate %d  %-45s %s (%d ms)%n", s.candidate() + 1, s.url(), s.outcome(), s.millis());
            }
            out.println(result.endpoint().map(e -> "connected: " + e).orElse("no candidate answered"));
            return result.endpoint().isPresent() ? 0 : 1;
        } catch (IllegalArgumentException e) {
            err.println("vireo-srv: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
    }

    private static InetSocketAddress server(String text) {
        org.vireo.srv.ServerAddress a = org.vireo.srv.ServerAddress.parse(text);
        InetAddress ip = a.literal().orElseThrow(() -> new IllegalArgumentException("--dns " + text
            + ": expected an IP address, optionally with :port"));
        return new InetSocketAddress(ip, a.port().orElse(53));
    }

    static String describe(Resolution r) {
        if (r instanceof Resolution.ServiceUnavailable u) {
            return "service not available: " + u.message();
        }
        if (r instanceof Resolution.Failed f) {
            return "DNS failed for " + f.name() + ": " + f.error() + " (" + f.detail() + ")";
        }
        return ((Resolution.Candidates) r).candidates().size() + " candidates";
    }

    private static void printCandidates(Resolution.Candidates c, PrintStream out) {
        out.println("source: " + c.source());
        out.printf("%-3s %-32s %8s %6s %5s  %s%n", "#", "target", "priority", "weight", "port", "addresses");
        int i = 1;
        for (Resolution.Candidate k : c.candidates()) {
            out.printf("%-3d %-32s %8d %6d %5d  %s%n", i++, k.host(), k.priority(), k.weight(), k.port(),
                k.addresses().isEmpty() ? "(none)" : k.addresses().stream().map(InetAddress::getHostAddress)
                    .collect(Collectors.joining(", ")));
        }
        if (c.source() == Resolution.Source.SRV && c.candidates().size() > 1) {
            List<SrvRecord> records = c.candidates().stream()
                .map(k -> new SrvRecord(k.priority(), k.weight(), k.port(), k.host())).toList();
            SplittableRandom random = new SplittableRandom();
            out.println("sample orders (RFC 2782 draws):");
            for (int s = 0; s < 5; s++) {
                out.println("  " + SrvOrder.order(records, random).stream().map(SrvRecord::target)
                    .collect(Collectors.joining(" -> ")));
            }
        }
    }
}
