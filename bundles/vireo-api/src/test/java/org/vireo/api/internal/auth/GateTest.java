package org.vireo.api.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.vireo.api.Access;

class GateTest {

    /** A realm of two users, like users.properties with admingroup and viewergroup. */
    private static final Authenticator REALM = (user, password) -> Optional.ofNullable(Map.of(
        "admin", new Login("admin", Set.of(Login.ADMIN, Login.VIEWER, "manager")),
        "alice", new Login("alice", Set.of(Login.VIEWER))).get(user))
        .filter(l -> password.equals(l.user() + "-pw"));

    private final FakeClock clock = new FakeClock();
    private final List<String> log = new ArrayList<>();
    private final Gate gate = new Gate(REALM, new FailedLogins(3, Duration.ofSeconds(60), 100, clock),
        new Sessions(Duration.ofMinutes(30), Duration.ofHours(12), 100, clock, new SecureRandom()), log::add);

    @Test
    void aRouteThatNeedsNoLoginAdmitsAnyone() {
        assertThat(gate.admit(request("GET", Access.NONE, null, null, null))).isEqualTo(new Gate.Admitted(Optional.empty()));
    }

    @Test
    void withoutCredentials_401WithTheBasicChallenge() {
        Gate.Refused r = refused(gate.admit(request("GET", Access.VIEWER, null, null, null)));

        assertThat(r.status()).isEqualTo(401);
        assertThat(r.headers()).containsEntry("WWW-Authenticate", Gate.CHALLENGE);
        assertThat(r.message()).contains("HTTP Basic", "POST /api/v1/session");
    }

    @Test
    void basicCredentialsOfAViewerRead_butGet403OnAWrite() {
        assertThat(admitted(gate.admit(request("GET", Access.VIEWER, basic("alice", "alice-pw"), null, null))).user())
            .isEqualTo("alice");

        Gate.Refused r = refused(gate.admit(request("PUT", Access.ADMIN, basic("alice", "alice-pw"), null, null)));
        assertThat(r.status()).isEqualTo(403);
        assertThat(r.message()).isEqualTo("user 'alice' has no role admin, which PUT here needs (roles: viewer)");
    }

    @Test
    void anAdminMayWrite() {
        assertThat(admitted(gate.admit(request("PUT", Access.ADMIN, basic("admin", "admin-pw"), null, null))).user())
            .isEqualTo("admin");
    }

    @Test
    void aWrongPasswordIs401_logged_andTheLimitRefusesTheAddressEvenWithTheRightOne() {
        for (int i = 1; i <= 3; i++) {
            Gate.Refused r = refused(gate.admit(request("GET", Access.VIEWER, basic("alice", "guess" + i), null, null)));
            assertThat(r.status()).isEqualTo(401);
            assertThat(r.message()).isEqualTo("wrong user name or password");
        }
        assertThat(log).hasSize(3).last().isEqualTo(
            "api: failed login as 'alice' from 192.0.2.7 (3 of 3 allowed within 60 s)");

        Gate.Refused limited = refused(gate.admit(request("GET", Access.VIEWER, basic("alice", "alice-pw"), null, null)));
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.headers()).containsEntry("Retry-After", "60");
        assertThat(limited.message()).isEqualTo("3 failed logins from 192.0.2.7 within 60 s: try again in 60 s");

        clock.advance(Duration.ofSeconds(60));
        assertThat(admitted(gate.admit(request("GET", Access.VIEWER, basic("alice", "alice-pw"), null, null))).user())
            .isEqualTo("alice");
    }

    @Test
    void aUserNameGoesToTheLogEscapedAndBounded() {
        gate.login("x\r\nFAKE LOG LINE" + "y".repeat(200), "pw", "192.0.2.7");

        assertThat(log.get(0)).doesNotContain("\n", "\r").contains("x\\u000d\\u000aFAKE LOG LINE").hasSizeLessThan(160);
    }

    @Test
    void aRealmThatFailsIs503_logged_andNotCountedAgainstTheClient() {
        Gate broken = new Gate((user, password) -> {
            throw new IllegalStateException("the JAAS realm 'karaf' failed: no users file");
        }, new FailedLogins(1, Duration.ofSeconds(60), 100, clock),
            new Sessions(Duration.ofMinutes(30), Duration.ofHours(12), 100, clock, new SecureRandom()), log::add);

        for (int i = 0; i < 2; i++) {
            Gate.Refused r = refused(broken.login("alice", "alice-pw", "192.0.2.7"));
            assertThat(r.status()).as("not 429: the limit of 1 failure is never reached").isEqualTo(503);
            assertThat(r.message()).isEqualTo("logins are not available: the JAAS realm 'karaf' failed: no users file");
        }
        assertThat(log).containsExactly("api: the JAAS realm 'karaf' failed: no users file",
            "api: the JAAS realm 'karaf' failed: no users file");
    }

    @Test
    void malformedOrOtherSchemes_401SayingWhatIsAccepted() {
        assertThat(refused(gate.admit(request("GET", Access.VIEWER, "Bearer abc", null, null))).message())
            .startsWith("only HTTP Basic is accepted here");
        assertThat(refused(gate.admit(request("GET", Access.VIEWER, "Basic %%%", null, null))).message())
            .isEqualTo("the Basic credentials are not base64 of user:password");
        assertThat(refused(gate.admit(request("GET", Access.VIEWER, "Basic " + b64("nocolon"), null, null))).message())
            .endsWith("(no ':')");
        assertThat(log).as("no password was checked").isEmpty();
    }

    @Test
    void aSessionCookieReads_butWritesNeedItsCsrfToken() {
        Login admin = admitted(gate.login("admin", "admin-pw", "192.0.2.7"));
        Sessions.Session s = gate.sessions().open(admin);

        assertThat(admitted(gate.admit(request("GET", Access.VIEWER, null, s.id(), null))).user()).isEqualTo("admin");
        Gate.Refused noToken = refused(gate.admit(request("PUT", Access.ADMIN, null, s.id(), null)));
        assertThat(noToken.status()).isEqualTo(403);
        assertThat(noToken.message()).contains(Gate.CSRF_HEADER);
        assertThat(refused(gate.admit(request("PUT", Access.ADMIN, null, s.id(), "wrong"))).status()).isEqualTo(403);
        assertThat(admitted(gate.admit(request("PUT", Access.ADMIN, null, s.id(), s.csrfToken()))).user())
            .isEqualTo("admin");
    }

    @Test
    void anEndedSession_401() {
        Sessions.Session s = gate.sessions().open(new Login("alice", Set.of(Login.VIEWER)));
        gate.sessions().close(s.id());

        Gate.Refused r = refused(gate.admit(request("GET", Access.VIEWER, null, s.id(), null)));
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.message()).startsWith("the session has ended");
    }

    private static Gate.Request request(String method, Access need, String authorization, String session, String csrf) {
        return new Gate.Request(method, need, authorization, session, csrf, "192.0.2.7");
    }

    private static String basic(String user, String password) {
        return "Basic " + b64(user + ":" + password);
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static Gate.Refused refused(Gate.Outcome o) {
        assertThat(o).isInstanceOf(Gate.Refused.class);
        return (Gate.Refused) o;
    }

    private static Login admitted(Gate.Outcome o) {
        assertThat(o).isInstanceOf(Gate.Admitted.class);
        return ((Gate.Admitted) o).login().orElseThrow();
    }
}
