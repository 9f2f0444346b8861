package org.vireo.srv.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.vireo.srv.Resolution;
import org.vireo.srv.SrvConnector;
import org.vireo.srv.SrvResolver;
import org.vireo.srv.internal.SrvOptions;
import org.vireo.srv.internal.SrvReport;
import org.vireo.srv.internal.SrvReport.Printer;

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
          --dns ip[:port]        the DNS server (repeatable; default: the nameservers of /etc/resolv.conf)
          --timeout ms           per DNS query and per connection (default 2000)
          --port n               the default port (default 443)
          --samples n            resolve: how many sample orders to draw (default 5)
          --scheme http|https    connect: the scheme (default https)
          --path /p              connect: the login endpoint (default /)
          --stagger ms           connect: start the next address after this long (RFC 8305's connection
                                 attempt delay; default 250; 0: one by one)
          --resolution-delay ms  connect: how long an A answer waits for the AAAA one (RFC 8305; default 50)
          --trust ca.crt         connect: check HTTPS endpoints against these CA certificates (default: the JDK's)
        exit status: 0 resolved or connected, 1 not, 2 bad usage""";

    private static final Set<String> OPTIONS = Set.of("--service", "--dns", "--timeout", "--port", "--scheme",
        "--path", "--stagger", "--resolution-delay", "--trust");

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
        Map<String, Object> given = new HashMap<>();
        List<String> dns = new ArrayList<>();
        String samples = null;
        SrvOptions options;
        String address = null;
        try {
            // the address and the options in any order, as in the srv: commands
            for (int i = 1; i < args.length; i += 2) {
                if (!args[i].startsWith("--")) {
                    if (address != null) {
                        throw new IllegalArgumentException("one address only: '" + address + "' and '" + args[i]
                            + "'");
                    }
                    address = args[i];
                    i--;
                    continue;
                }
                if (i + 1 == args.length) {
                    throw new IllegalArgumentException(args[i] + " needs a value");
                }
                if (args[i].equals("--dns")) {
                    dns.add(args[i + 1]);
                } else if (args[i].equals("--samples")) {
                    samples = args[i + 1];
                } else if (OPTIONS.contains(args[i])) {
                    given.put(args[i], args[i + 1]);
                } else {
                    throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
            if (address == null) {
                throw new IllegalArgumentException("no address given");
            }
            if (!dns.isEmpty()) {
                given.put("--dns", dns);
            }
            options = SrvOptions.DEFAULTS.withOptions(given);
            SrvReport.samples(samples);
        } catch (IllegalArgumentException e) {
            err.println("vireo-srv: " + e.getMessage());
            err.println(USAGE);
            return 2;
        }
        SplittableRandom random = new SplittableRandom();
        SrvResolver resolver = options.resolver(random);
        Resolution r;
        try {
            // connect: SRV targets looked up as the connector comes to them, AAAA and A at once (RFC 8305)
            r = args[0].equals("resolve") ? resolver.resolve(address) : resolver.records(address);
        } catch (IllegalArgumentException e) { // not an address
            err.println("vireo-srv: " + e.getMessage());
            return 2;
        }
        Printer printer = new PlainPrinter(out);
        if (args[0].equals("resolve")) {
            return SrvReport.resolution(r, SrvReport.samples(samples), random, printer) ? 0 : 1;
        }
        SrvConnector connector;
        try {
            connector = options.connector();
        } catch (IllegalArgumentException e) { // a trust file without certificates
            err.println("vireo-srv: " + e.getMessage());
            return 2;
        }
        return SrvReport.connection(r, connector, resolver, printer) ? 0 : 1;
    }

    /** Tables as plain columns: the tool runs without Karaf and its ShellTable. */
    private record PlainPrinter(PrintStream out) implements Printer {

        @Override
        public void line(String text) {
            out.println(text);
        }

        @Override
        public void table(SrvReport.Table table) {
            int[] widths = new int[table.columns().size()];
            for (int i = 0; i < widths.length; i++) {
                widths[i] = table.columns().get(i).title().length();
                for (List<String> row : table.rows()) {
                    widths[i] = Math.max(widths[i], row.get(i).length());
                }
            }
            print(table.columns().stream().map(SrvReport.Column::title).toList(), table, widths);
            table.rows().forEach(row -> print(row, table, widths));
        }

        private void print(List<String> cells, SrvReport.Table table, int[] widths) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < cells.size(); i++) {
                String pad = " ".repeat(widths[i] - cells.get(i).length());
                boolean last = i == cells.size() - 1;
                line.append(table.columns().get(i).numeric() ? pad + cells.get(i) : cells.get(i) + (last ? "" : pad));
                line.append(last ? "" : "  ");
            }
            out.println(line);
        }
    }
}
