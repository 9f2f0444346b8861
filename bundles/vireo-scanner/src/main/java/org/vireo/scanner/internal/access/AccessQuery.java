package org.vireo.scanner.internal.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import io.netty.util.NetUtil;

import org.vireo.api.QueryParams;

/**
 * Which entries of the access log a reader wants, each part optional: the client's address, the host (a domain and
 * its subdomains, as a {@code domain} rule matches), the status ({@code 403}, a class {@code 4xx}, or several of
 * them: {@code 403,5xx}) and the rule that matched. Checked once, then tested on each entry held.
 */
public record AccessQuery(String client, String host, List<StatusMatch> statuses, String rule)
    implements Predicate<AccessEntry> {

    /** Longer values match no entry: a host name has at most 253 characters, an address fewer. */
    static final int MAX_VALUE = 253;

    /** A status (400) or a class of them (class 4, 4xx). */
    public record StatusMatch(int status, boolean wholeClass) {

        boolean matches(int s) {
            return wholeClass ? s / 100 == status : s == status;
        }
    }

    /** @throws IllegalArgumentException naming the parameter and what would be accepted */
    public static AccessQuery parse(String client, String host, String status, String rule) {
        return new AccessQuery(address(value("client", client)), hostName(host), statuses(status),
            value("rule", rule));
    }

    /** Everything held. */
    public static AccessQuery all() {
        return new AccessQuery(null, null, List.of(), null);
    }

    @Override
    public boolean test(AccessEntry e) {
        return (client == null || client.equals(e.client()))
            && (host == null || inDomain(e.host(), host))
            && (statuses.isEmpty() || statuses.stream().anyMatch(m -> m.matches(e.status())))
            && (rule == null || rule.equals(e.rule()));
    }

    /** An IPv6 literal in the log's spelling, RFC 5952's ({@code fd77:0::100} finds {@code fd77::100}). */
    private static String address(String value) {
        return value != null && NetUtil.isValidIpV6Address(value)
            ? NetUtil.toAddressString(NetUtil.createInetAddressFromIpAddressString(value)) : value;
    }

    private static boolean inDomain(String name, String domain) {
        return name.equals(domain) || name.endsWith("." + domain);
    }

    private static String value(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        if (value.length() > MAX_VALUE) {
            throw new IllegalArgumentException(QueryParams.name(name, value) + ": expected at most " + MAX_VALUE
                + " characters");
        }
        return value.trim();
    }

    private static String hostName(String host) {
        String h = value("host", host);
        return h == null ? null : h.toLowerCase(Locale.ROOT);
    }

    private static List<StatusMatch> statuses(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        List<StatusMatch> matches = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            matches.add(status(part.trim().toLowerCase(Locale.ROOT), value));
        }
        return List.copyOf(matches);
    }

    private static StatusMatch status(String part, String whole) {
        if (part.matches("[1-5]xx")) {
            return new StatusMatch(part.charAt(0) - '0', true);
        }
        // 0: the client left before any answer, as the log writes it
        if (part.matches("0|[1-5][0-9][0-9]")) {
            return new StatusMatch(Integer.parseInt(part), false);
        }
        throw new IllegalArgumentException(QueryParams.name("status", whole) + ": expected a status (403, or 0: the"
            + " client left before an answer), a class (4xx) or several, comma-separated (403,5xx)");
    }
}
