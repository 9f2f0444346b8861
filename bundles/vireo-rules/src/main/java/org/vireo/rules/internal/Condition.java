package org.vireo.rules.internal;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

import org.vireo.rules.Network;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

/**
 * One condition of a rule with all its values: it matches when any value does (a rule naming a condition type twice
 * has the values of both). Immutable.
 */
public interface Condition {

    /**
     * @param request the request
     * @param domain  its host as domain conditions compare it, or {@code null} for an address literal
     */
    boolean matches(RequestFacts request, String domain);

    /** The condition as the rules file wrote it, for {@code scanner:check}. */
    String text();

    /** URL conditions see the absolute URL; a CONNECT tunnel has none ({@code host:port}), so they never match it. */
    static boolean hasUrl(RequestFacts request) {
        return !"CONNECT".equals(request.method());
    }

    private static <T> boolean any(List<T> values, Predicate<T> matches) {
        for (T value : values) { // a loop, not a stream: this runs for every request on an I/O thread
            if (matches.test(value)) {
                return true;
            }
        }
        return false;
    }

    /** {@code client}: the client's address is in one of the networks. */
    record Client(String text, List<Network> networks) implements Condition {
        @Override
        public boolean matches(RequestFacts request, String domain) {
            return any(networks, network -> network.contains(request.client()));
        }
    }

    /**
     * {@code destination}: the address the proxy would connect to is in one of the networks. Before the host is
     * resolved it matches nothing; the rule set asks for the address instead ({@link Verdict#undecided}).
     */
    record Destination(String text, List<Network> networks) implements Condition {
        @Override
        public boolean matches(RequestFacts request, String domain) {
            return matching(request) != null;
        }

        /** The first network that holds the request's destination, or {@code null}. */
        Network matching(RequestFacts request) {
            if (request.destination() == null) {
                return null;
            }
            for (Network network : networks) {
                if (network.contains(request.destination())) {
                    return network;
                }
            }
            return null;
        }
    }

    /** {@code domain}, {@code domain-list} and {@code category}: the host is in one of the lists. */
    record Domain(String text, List<DomainList> lists) implements Condition {
        @Override
        public boolean matches(RequestFacts request, String domain) {
            return domain != null && any(lists, list -> list.contains(domain));
        }
    }

    /** {@code url-prefix}: the absolute URL starts with one of the prefixes (compared as written). */
    record UrlPrefix(String text, List<String> prefixes) implements Condition {
        @Override
        public boolean matches(RequestFacts request, String domain) {
            return hasUrl(request) && any(prefixes, prefix -> request.url().startsWith(prefix));
        }
    }

    /** {@code url-regex}: one of the patterns is found anywhere in the absolute URL (anchor with ^ and $). */
    record UrlRegex(String text, List<Pattern> patterns) implements Condition {
        @Override
        public boolean matches(RequestFacts request, String domain) {
            return hasUrl(request) && any(patterns, pattern -> pattern.matcher(request.url()).find());
        }
    }

    /** {@code method}: the request method is one of these. */
    record Method(String text, Set<String> methods) implements Condition {
        @Override
        public boolean matches(RequestFacts request, String domain) {
            return methods.contains(request.method());
        }
    }

    /** {@code port}: the destination port is in one of the ranges (pairs of first and last, inclusive). */
    record Port(String text, int[] ranges) implements Condition {
        @Override
        public boolean matches(RequestFacts request, String domain) {
            for (int i = 0; i < ranges.length; i += 2) {
                if (request.port() >= ranges[i] && request.port() <= ranges[i + 1]) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Port p && p.text.equals(text) && Arrays.equals(p.ranges, ranges);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }
    }

}
