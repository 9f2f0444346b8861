package org.vireo.srv.internal;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

import org.vireo.config.ConfigValues;
import org.vireo.srv.AddressLookup;
import org.vireo.srv.Resolution;
import org.vireo.srv.SrvConnector;
import org.vireo.srv.SrvOrder;
import org.vireo.srv.SrvRecord;

/**
 * What srv:resolve, srv:connect and the vireo-srv tool print, decided once: the lines and the tables' cells. Each
 * of them renders the tables its own way ({@link Printer}): a Karaf ShellTable in the shell, plain columns in the
 * tool, which runs without Karaf.
 */
public final class SrvReport {

    /** Where a report goes. */
    public interface Printer {
        void line(String text);

        void table(Table table);
    }

    /** A column's title, and whether it holds numbers (right-aligned). */
    public record Column(String title, boolean numeric) {
    }

    public record Table(List<Column> columns, List<List<String>> rows) {

        public Table {
            columns = List.copyOf(columns);
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    private static final List<Column> CANDIDATE_COLUMNS = List.of(new Column("#", true),
        new Column("Target", false), new Column("Priority", true), new Column("Weight", true),
        new Column("Port", true), new Column("Addresses", false));
    private static final List<Column> TRACE_COLUMNS = List.of(new Column("Candidate", false),
        new Column("URL", false), new Column("Outcome", false), new Column("ms", true));

    /** Sample orders when {@code --samples} is not given. */
    public static final int DEFAULT_SAMPLES = 5;

    private SrvReport() {
    }

    /**
     * The {@code --samples} option: 0-100; null: {@value #DEFAULT_SAMPLES}.
     *
     * @throws IllegalArgumentException naming the option, the value and what is accepted
     */
    public static int samples(String text) {
        List<String> errors = new ArrayList<>();
        int n = ConfigValues.integer(text == null ? Map.of() : Map.of("--samples", text), "--samples",
            DEFAULT_SAMPLES, 0, 100, errors);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(errors.get(0));
        }
        return n;
    }

    /**
     * The candidates of {@code r} in the order to try them, and up to {@code samples} further RFC 2782 orders
     * drawn with {@code random} when there is a choice; or why there are none.
     *
     * @return whether there were candidates
     */
    public static boolean resolution(Resolution r, int samples, RandomGenerator random, Printer out) {
        if (!(r instanceof Resolution.Candidates c)) {
            out.line(unresolved(r));
            return false;
        }
        out.line(source(c));
        out.table(new Table(CANDIDATE_COLUMNS, candidateRows(c)));
        List<String> orders = sampleOrders(c, samples, random);
        if (!orders.isEmpty()) {
            out.line("sample orders (RFC 2782 draws):");
            orders.forEach(o -> out.line("  " + o));
        }
        return true;
    }

    /**
     * Runs {@code connector} on the candidates of {@code r} and prints every attempt (each candidate address, each
     * redirect, each error, with its duration) and where it ended; or why there are no candidates.
     *
     * @return whether a candidate answered
     */
    public static boolean connection(Resolution r, SrvConnector connector, AddressLookup lookup, Printer out)
        throws InterruptedException {
        if (!(r instanceof Resolution.Candidates c)) {
            out.line(unresolved(r));
            return false;
        }
        out.line(source(c));
        SrvConnector.Result result = connector.connect(c, lookup);
        List<List<String>> rows = new ArrayList<>();
        for (SrvConnector.Step s : result.steps()) {
            rows.add(List.of((s.candidate() + 1) + " " + c.candidates().get(s.candidate()).host(), s.url(),
                s.outcome(), String.valueOf(s.millis())));
        }
        out.table(new Table(TRACE_COLUMNS, rows));
        out.line(result.endpoint().map(e -> "connected: " + e).orElse("no candidate answered (" + c.candidates()
            .size() + " candidates, " + result.steps().size() + " attempts)"));
        return result.endpoint().isPresent();
    }

    /** Why a resolution gave no candidates: which DNS error, for what name. */
    public static String unresolved(Resolution r) {
        if (r instanceof Resolution.ServiceUnavailable u) {
            return "service not available: " + u.message();
        }
        if (r instanceof Resolution.Failed f) {
            return "DNS failed for " + f.name() + ": " + f.error() + ", " + meaning(f.error()) + " (" + f.detail()
                + ")";
        }
        return ((Resolution.Candidates) r).candidates().size() + " candidates";
    }

    private static String meaning(Resolution.DnsError e) {
        return switch (e) {
            case NXDOMAIN -> "the name does not exist";
            case SERVFAIL -> "the server could not answer";
            case TIMEOUT -> "no answer within the timeout, retries included";
            case REFUSED -> "the server refused to answer";
            case NO_ADDRESS -> "the name has no A or AAAA record";
            case OTHER -> "a network error or a malformed answer";
        };
    }

    private static String source(Resolution.Candidates c) {
        return "source: " + c.source() + switch (c.source()) {
            case LITERAL -> " (an IP literal: no DNS asked)";
            case SRV -> " (SRV records, in one RFC 2782 order)";
            case ADDRESS -> " (no SRV records: the name's own addresses)";
        };
    }

    private static List<List<String>> candidateRows(Resolution.Candidates c) {
        List<List<String>> rows = new ArrayList<>();
        int i = 1;
        for (Resolution.Candidate k : c.candidates()) {
            rows.add(List.of(String.valueOf(i++), k.host(), String.valueOf(k.priority()), String.valueOf(k.weight()),
                String.valueOf(k.port()), k.addresses().isEmpty() ? "(none)"
                    : k.addresses().stream().map(InetAddress::getHostAddress).collect(Collectors.joining(", "))));
        }
        return rows;
    }

    /** Only SRV candidates have an order to draw, and only when there are several. */
    static List<String> sampleOrders(Resolution.Candidates c, int samples, RandomGenerator random) {
        if (c.source() != Resolution.Source.SRV || c.candidates().size() < 2) {
            return List.of();
        }
        List<SrvRecord> records = c.candidates().stream()
            .map(k -> new SrvRecord(k.priority(), k.weight(), k.port(), k.host())).toList();
        List<String> orders = new ArrayList<>();
        for (int s = 0; s < samples; s++) {
            orders.add(SrvOrder.order(records, random).stream().map(SrvRecord::target)
                .collect(Collectors.joining(" -> ")));
        }
        return orders;
    }
}
