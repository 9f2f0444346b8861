package org.vireo.balancer.internal.schedule;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The FTP control connections open per client, by scanner: a client's data connections must reach the scanner of
 * its control connection, which listens on the passive port it was given. The affinity alone would not do: it yields
 * to the load bound and expires while a long transfer keeps the client from opening connections. Pure; not
 * thread-safe (the balancer's pool calls it under its lock).
 */
public final class FtpSessions {

    /** Client -> scanner -> open control connections, the scanner of the newest session last. */
    private final Map<String, LinkedHashMap<String, Integer>> open = new HashMap<>();

    public void opened(String client, String scanner) {
        LinkedHashMap<String, Integer> of = open.computeIfAbsent(client, c -> new LinkedHashMap<>());
        Integer count = of.remove(scanner); // re-inserted: the newest session's scanner is last
        of.put(scanner, count == null ? 1 : count + 1);
    }

    public void closed(String client, String scanner) {
        LinkedHashMap<String, Integer> of = open.get(client);
        if (of == null) {
            return;
        }
        of.computeIfPresent(scanner, (s, n) -> n > 1 ? n - 1 : null);
        if (of.isEmpty()) {
            open.remove(client);
        }
    }

    /** The scanner of the client's newest open control connection; empty when it has none. */
    public Optional<String> scanner(String client) {
        LinkedHashMap<String, Integer> of = open.get(client);
        String newest = null;
        if (of != null) {
            for (String scanner : of.keySet()) {
                newest = scanner; // a client has one or two sessions: no index kept for the last one
            }
        }
        return Optional.ofNullable(newest);
    }

    /** Clients with an open session. */
    public int clients() {
        return open.size();
    }
}
