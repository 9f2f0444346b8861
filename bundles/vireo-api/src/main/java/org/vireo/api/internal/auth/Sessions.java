package org.vireo.api.internal.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The console's logins: a session id for its cookie and a CSRF token that each write must echo in a header (a page
 * of another site can make the browser send the cookie, not read the token). A session ends after {@code idle}
 * without a request, or {@code lifetime} after the login, or at logout. Pure (clock and randomness injected) and
 * thread-safe; at most {@code maxSessions} are kept, the least recently used dropped first.
 */
public final class Sessions {

    /** A login with its CSRF token. */
    public record Session(String id, Login login, String csrfToken) {

        /** Whether {@code token} is this session's CSRF token, compared in constant time. */
        public boolean csrfMatches(String token) {
            return token != null && MessageDigest.isEqual(csrfToken.getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8));
        }
    }

    private record Entry(Session session, long createdNanos, long lastUsedNanos) {
    }

    private static final int TOKEN_BYTES = 32;

    private final Duration idle;
    private final Duration lifetime;
    private final int maxSessions;
    private final LongSupplier nanoClock;
    private final SecureRandom random;
    private final Map<String, Entry> sessions = new LinkedHashMap<>(16, 0.75f, true);

    public Sessions(Duration idle, Duration lifetime, int maxSessions, LongSupplier nanoClock, SecureRandom random) {
        this.idle = idle;
        this.lifetime = lifetime;
        this.maxSessions = maxSessions;
        this.nanoClock = nanoClock;
        this.random = random;
    }

    public synchronized Session open(Login login) {
        long now = nanoClock.getAsLong();
        dropExpired(now);
        if (sessions.size() >= maxSessions) {
            Iterator<String> oldest = sessions.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        Session s = new Session(token(), login, token());
        sessions.put(s.id(), new Entry(s, now, now));
        return s;
    }

    /** The session of that id if it is still open; using it restarts its idle time. */
    public synchronized Optional<Session> find(String id) {
        Entry e = id == null ? null : sessions.get(id);
        if (e == null) {
            return Optional.empty();
        }
        long now = nanoClock.getAsLong();
        if (expired(e, now)) {
            sessions.remove(id);
            return Optional.empty();
        }
        sessions.put(id, new Entry(e.session(), e.createdNanos(), now));
        return Optional.of(e.session());
    }

    public synchronized void close(String id) {
        sessions.remove(id);
    }

    public Duration idle() {
        return idle;
    }

    synchronized int count() {
        return sessions.size();
    }

    private boolean expired(Entry e, long now) {
        return now - e.lastUsedNanos() >= idle.toNanos() || now - e.createdNanos() >= lifetime.toNanos();
    }

    private void dropExpired(long now) {
        sessions.values().removeIf(e -> expired(e, now));
    }

    private String token() {
        byte[] bytes = new byte[TOKEN_BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
