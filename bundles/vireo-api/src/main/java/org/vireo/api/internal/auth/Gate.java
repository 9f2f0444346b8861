package org.vireo.api.internal.auth;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.function.Consumer;

import org.vireo.api.Access;
import org.vireo.config.ConfigErrors;

/**
 * Who may make a request: every route needs a login (HTTP Basic or the console's session cookie) except those that
 * need {@link Access#NONE}; a write with the cookie needs the session's CSRF token too; a failed login counts against the
 * client's address ({@link FailedLogins}) and is logged. Pure: the JAX-RS filter ({@link AuthFilter}) and the login
 * route only adapt requests to it.
 */
public final class Gate {

    /** The header a cookie-authenticated write echoes the session's CSRF token in. */
    public static final String CSRF_HEADER = "X-Vireo-CSRF";
    /** The console's session cookie. */
    public static final String SESSION_COOKIE = "vireo_session";
    static final String CHALLENGE = "Basic realm=\"vireo\", charset=\"UTF-8\"";
    /** A user name as it goes to the log: attacker-chosen, so bounded and escaped. */
    private static final int USER_CHARS_LOGGED = 64;

    /** The parts of a request the decision reads; absent headers are null. */
    public record Request(String method, Access need, String authorization, String sessionId, String csrfToken,
                          String clientAddress) {
    }

    /** The decision. */
    public sealed interface Outcome permits Admitted, Refused {
    }

    /** Let through; {@code login} is empty for a route that needs none. */
    public record Admitted(Optional<Login> login) implements Outcome {
    }

    /** Refused with this status, message and headers (the Basic challenge with 401, Retry-After with 429). */
    public record Refused(int status, String message, Map<String, String> headers) implements Outcome {
    }

    private final Authenticator authenticator;
    private final FailedLogins failedLogins;
    private final Sessions sessions;
    private final Consumer<String> securityLog;

    public Gate(Authenticator authenticator, FailedLogins failedLogins, Sessions sessions, Consumer<String> securityLog) {
        this.authenticator = authenticator;
        this.failedLogins = failedLogins;
        this.sessions = sessions;
        this.securityLog = securityLog;
    }

    public Outcome admit(Request r) {
        if (r.need() == Access.NONE) {
            return new Admitted(Optional.empty());
        }
        if (r.authorization() != null) {
            return basic(r);
        }
        if (r.sessionId() != null) {
            return session(r);
        }
        return unauthorized("a login is needed: HTTP Basic with a user of role viewer (reads) or admin (writes), or"
            + " the session cookie of POST /api/v1/session");
    }

    /**
     * Checks a user name and password from {@code clientAddress} (Basic credentials, the console's login form):
     * the login, or why not. An address over the failed-login limit is refused before the password is checked; a
     * realm that fails is 503, logged, and not counted as the client's failure.
     */
    public Outcome login(String user, String password, String clientAddress) {
        OptionalLong refusedFor = failedLogins.refusedForMillis(clientAddress);
        if (refusedFor.isPresent()) {
            long seconds = Math.max(1, (refusedFor.getAsLong() + 999) / 1000);
            return new Refused(429, String.format(Locale.ROOT, "%d failed logins from %s within %d s: try again in"
                    + " %d s", failedLogins.limit(), clientAddress, failedLogins.window().toSeconds(), seconds),
                Map.of("Retry-After", Long.toString(seconds)));
        }
        Optional<Login> login;
        try {
            login = authenticator.authenticate(user, password);
        } catch (IllegalStateException realmFailed) { // the node's fault: not counted against the client
            securityLog.accept("api: " + realmFailed.getMessage());
            return new Refused(503, "logins are not available: " + realmFailed.getMessage(), Map.of());
        }
        if (login.isEmpty()) {
            int failures = failedLogins.failed(clientAddress);
            securityLog.accept(String.format(Locale.ROOT, "api: failed login as '%s' from %s (%d of %d allowed"
                    + " within %d s)", ConfigErrors.shorten(user, USER_CHARS_LOGGED), clientAddress, failures,
                failedLogins.limit(), failedLogins.window().toSeconds()));
            return unauthorized("wrong user name or password");
        }
        failedLogins.succeeded(clientAddress);
        return new Admitted(login);
    }

    public Sessions sessions() {
        return sessions;
    }

    private Outcome basic(Request r) {
        String header = r.authorization().trim();
        int space = header.indexOf(' ');
        if (space < 0 || !header.substring(0, space).equalsIgnoreCase("Basic")) {
            return unauthorized("only HTTP Basic is accepted here (Authorization: Basic <base64 of user:password>),"
                + " or the session cookie of POST /api/v1/session");
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(header.substring(space + 1).trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return unauthorized("the Basic credentials are not base64 of user:password");
        }
        int colon = decoded.indexOf(':');
        if (colon < 0) {
            return unauthorized("the Basic credentials are not base64 of user:password (no ':')");
        }
        Outcome outcome = login(decoded.substring(0, colon), decoded.substring(colon + 1), r.clientAddress());
        return outcome instanceof Admitted a ? authorized(r, a.login().orElseThrow()) : outcome;
    }

    private Outcome session(Request r) {
        Optional<Sessions.Session> session = sessions.find(r.sessionId());
        if (session.isEmpty()) {
            return unauthorized("the session has ended (logged out, or idle over " + sessions.idle().toMinutes()
                + " min): log in again with POST /api/v1/session");
        }
        if (!safe(r.method()) && !session.get().csrfMatches(r.csrfToken())) {
            return new Refused(403, r.method() + " with the session cookie needs the session's CSRF token in header "
                + CSRF_HEADER + " (the csrfToken of POST /api/v1/session)", Map.of());
        }
        return authorized(r, session.get().login());
    }

    private static Outcome authorized(Request r, Login login) {
        String role = r.need() == Access.ADMIN ? Login.ADMIN : Login.VIEWER;
        if (!login.may(role)) {
            return new Refused(403, "user '" + ConfigErrors.shorten(login.user(), USER_CHARS_LOGGED) + "' has no role "
                + role + ", which " + r.method() + " here needs (roles: " + String.join(", ", new TreeSet<>(login.roles()))
                + ")",
                Map.of());
        }
        return new Admitted(Optional.of(login));
    }

    /** Methods that change nothing: they need no CSRF token, and a viewer may use them. */
    public static boolean safe(String method) {
        return method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS");
    }

    private static Refused unauthorized(String message) {
        return new Refused(401, message, Map.of("WWW-Authenticate", CHALLENGE));
    }
}
