package org.vireo.notify.internal.snmp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.notify.internal.LiveLog;
import org.vireo.notify.internal.LogSink;
import org.vireo.notify.snmp.EngineId;

/**
 * SNMP sinks on the node's real event log, sending to a real net-snmp snmptrapd started by the test on a loopback
 * port of its own: what a manager makes of the notifications (the trap's OID, the objects' OIDs with their index, the
 * values), as SNMPv2c traps and informs and SNMPv3 authPriv traps.
 */
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SnmpSinkTest {

    private static final String USER = "vireo-ops";
    private static final String AUTH = "auth-pass-123";
    private static final String PRIV = "priv-pass-456";

    private Snmptrapd trapd;
    @RegisterExtension
    final LiveLog live = new LiveLog();
    private LogSink sink;
    private final int lo = SnmpSender.ifIndex("lo");

    @BeforeAll
    void startSnmptrapd(@TempDir Path dir) throws Exception {
        trapd = Snmptrapd.start(dir, List.of(
            "authCommunity log,execute public",
            "createUser -e " + EngineId.derived("n1") + " " + USER + " SHA-256 " + AUTH + " AES " + PRIV,
            "authUser log,execute " + USER + " priv"));
    }

    @AfterAll
    void stopSnmptrapd() throws Exception {
        trapd.close();
    }

    private void snmp(Map<String, Object> config) {
        Map<String, Object> all = new HashMap<>(config);
        all.put("host", "127.0.0.1");
        all.put("port", String.valueOf(trapd.port));
        all.put(SnmpOptions.NODE_PROPERTY, "n1");
        sink(SnmpOptions.parse(all));
    }

    private void sink(SnmpOptions options) {
        sink = live.sink("snmp", options.name(), options.events(), new SnmpSender(options));
    }

    private void transition(int vrid, String to, String cause) {
        live.post("org/vireo/vrrp/TRANSITION", Map.of("instance", "vip" + vrid, "vrid", vrid, "interface", "lo",
            "from", "BACKUP", "to", to, "priority", 150L, "base", 150L, "cause", cause, "master", "192.0.2.1"));
    }

    private String row(int vrid) {
        return "." + lo + "." + vrid + ".1";
    }

    /** The sink's outcome of a test event sent after the others: the others are done by then. */
    private String drained() throws Exception {
        return sink.test().get(20, TimeUnit.SECONDS);
    }

    @Test
    void v2cTrap_newMasterWithItsAddressAndReason_aBackupTransitionIsPassedOver() throws Exception {
        snmp(Map.of("name", "v2c", "community", "public"));

        transition(41, "BACKUP", "started");
        transition(41, "MASTER", "preempted the master 192.0.2.2 (it advertises priority 100, below this node's)");
        String line = trapd.awaitLine(".1.3.6.1.2.1.207.1.1.1.1.3" + row(41));

        assertThat(line).contains(".1.3.6.1.6.3.1.1.4.1.0 = OID: .1.3.6.1.2.1.207.0.1~")
            .contains(".1.3.6.1.2.1.207.1.1.1.1.3" + row(41) + " = Hex-STRING: C0 00 02 01")
            .contains(".1.3.6.1.2.1.207.1.2.5.1.2" + row(41) + " = INTEGER: 2"); // preempted
        assertThat(drained()).startsWith("trap sent to 127.0.0.1/");
        assertThat(sink.status().sent()).isEqualTo(2); // the MASTER transition and the test: BACKUP makes none
    }

    @Test
    void v2cInform_isAnsweredByTheManager() throws Exception {
        snmp(Map.of("name", "inform", "community", "public", "notification", "inform"));

        transition(42, "MASTER", "no advert from the master 192.0.2.2 for Master_Down_Interval");
        String line = trapd.awaitLine(".1.3.6.1.2.1.207.1.2.5.1.2" + row(42));

        assertThat(line).contains(".1.3.6.1.2.1.207.1.2.5.1.2" + row(42) + " = INTEGER: 3"); // masterNoResponse
        assertThat(drained()).startsWith("inform answered by 127.0.0.1/");
        assertThat(sink.status().failed()).isZero();
    }

    @Test
    void v3AuthPrivTrap_fromTheNodesEngine_aProtocolError() throws Exception {
        snmp(Map.of("name", "v3", "version", "v3", "user", USER, "authPassphrase", AUTH, "privPassphrase", PRIV));

        live.post("org/vireo/vrrp/PROTOCOL_ERROR", Map.of("instance", "vip43", "vrid", 43,
            "interface", "lo", "family", "ipv4", "reason", "CHECKSUM", "description", "checksum is wrong",
            "count", 3L));
        String line = trapd.awaitLine(".1.3.6.1.2.1.207.0.2");

        assertThat(line).contains(".1.3.6.1.2.1.207.1.2.5.1.6" + row(43) + " = INTEGER: 3"); // checksumError
        assertThat(drained()).startsWith("trap sent to ");
        assertThat(sink.status().target()).contains("v3 trap user " + USER + " (authPriv, SHA-256, AES-128) engine "
            + EngineId.derived("n1")).doesNotContain(AUTH).doesNotContain(PRIV);
    }

    @Test
    void v3WithAnotherPassphrase_theManagerTakesNothing() throws Exception {
        snmp(Map.of("name", "wrong", "version", "v3", "user", USER, "authPassphrase", "not-the-pass",
            "privPassphrase", PRIV));

        live.post("org/vireo/vrrp/PROTOCOL_ERROR", Map.of("instance", "vip44", "vrid", 44,
            "interface", "lo", "family", "ipv4", "reason", "WRONG_VERSION", "count", 1L));
        drained();
        // then one the manager can read, from a sink that knows the passphrase: the bad one came first and is not there
        snmp(Map.of("name", "right", "version", "v3", "user", USER, "authPassphrase", AUTH, "privPassphrase", PRIV));
        sink.test().get(20, TimeUnit.SECONDS);
        trapd.awaitLine(".1.3.6.1.4.1.32473.2.0.1");

        assertThat(trapd.lines()).noneMatch(l -> l.contains(row(44)));
    }

    @Test
    void anInformNobodyAnswersFailsOnceItsRetriesAreSpent() throws Exception {
        Map<String, Object> config = new HashMap<>(Map.of("name", "deaf", "community", "public", "notification",
            "inform", "timeoutMillis", "100", "retries", "1"));
        config.put("host", "127.0.0.1");
        config.put("port", "9"); // discard: nothing answers there on loopback
        sink(SnmpOptions.parse(config));

        assertThat(sink.test().get(20, TimeUnit.SECONDS)).startsWith("no answer from 127.0.0.1/9 within 100 ms")
            .contains("(attempt 2)").endsWith("no retry left");
        assertThat(sink.status().failed()).isEqualTo(1);
    }
}
