package org.vireo.scanner.internal.ftp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The client's answer to FEAT (RFC 2389): of the origin's features, those the proxy relays, and the proxy's own.
 * A feature the proxy would not relay must not be offered, or the client would use it and fail (AUTH TLS: the proxy
 * reads the control connection in clear; MFMT, HOST, LANG, CLNT: verbs it refuses).
 */
final class FeatFilter {

    /** Served by the origin, through commands the proxy forwards as they are (RFC 3659, RFC 2640, RFC 2428). */
    private static final Set<String> RELAYED = Set.of("SIZE", "MDTM", "REST", "MLST", "MLSD", "TVFS", "UTF8", "PASV");
    /** The proxy's own: it ends data connections itself, whatever the origin offers for its side of them. */
    private static final List<String> OWN = List.of("EPRT", "EPSV");

    private FeatFilter() {
    }

    /**
     * The reply to the client's FEAT, from the origin's; an origin that has no FEAT (500, 502) or lists nothing
     * ({@code 211 no features}) has none to relay. Listed by name, each once, in the form RFC 2389 gives: one space,
     * the feature.
     */
    static FtpReply filter(FtpReply origin) {
        Map<String, String> features = new TreeMap<>();
        OWN.forEach(name -> features.put(name, " " + name));
        List<String> lines = origin.lines();
        for (int i = 1; origin.code() == 211 && i < lines.size() - 1; i++) {
            String feature = lines.get(i).strip();
            feature = feature.startsWith("211-") ? feature.substring(4) : feature; // an old style: each line coded
            int space = feature.indexOf(' ');
            String name = (space < 0 ? feature : feature.substring(0, space)).toUpperCase(Locale.ROOT);
            String line = RELAYED.contains(name) ? line(name, space < 0 ? "" : feature.substring(space + 1).strip())
                : null;
            if (line != null) {
                features.putIfAbsent(name, line);
            }
        }
        List<String> reply = new ArrayList<>();
        reply.add("Features:");
        reply.addAll(features.values());
        reply.add("End");
        return new FtpReply(211, reply);
    }

    /**
     * The line of a feature the proxy relays, or null: REST only as REST STREAM (RFC 3659 section 5, the one restart
     * it forwards), MLST with its facts, the others by name alone (they have no parameters).
     */
    private static String line(String name, String parameters) {
        if (name.equals("REST")) {
            return parameters.equalsIgnoreCase("STREAM") ? " REST STREAM" : null;
        }
        if (name.equals("MLST") && !parameters.isEmpty()) {
            // facts are visible ASCII (RFC 3659 section 7.8); anything else is not relayed to the client's parser
            return parameters.chars().allMatch(c -> c > 0x20 && c < 0x7f) ? " MLST " + parameters : " MLST";
        }
        return " " + name;
    }
}
