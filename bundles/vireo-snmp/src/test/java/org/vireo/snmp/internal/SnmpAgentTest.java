package org.vireo.snmp.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpState;

/**
 * The agent on a loopback port of its own, asked by net-snmp's own managers (Debian's {@code snmp}: snmpwalk,
 * snmpget, snmpbulkwalk, snmpset) over SNMPv2c and SNMPv3 authPriv: what a manager reads of two fake instances.
 */
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SnmpAgentTest {

    private static final String OPS = ".1.3.6.1.2.1.207.1.1.1.1.";
    private static final String V3 = "-v3 -l authPriv -u walker -a SHA-256 -A walk-auth-1 -x AES -X walk-priv-1";

    private Path dir;
    private SnmpAgent agent;
    private String at;
    private final int lo = AgentComponent.ifIndex("lo");

    @BeforeAll
    void startAgent(@TempDir Path tmp) throws Exception {
        dir = tmp;
        FakeInstance master = new FakeInstance().became(VrrpState.BACKUP, VrrpState.MASTER,
            Instant.now().minusSeconds(5), "no advert from the master 192.0.2.12 for Master_Down_Interval");
        master.master = master.primary;
        FakeInstance backup = new FakeInstance().drops(Map.of(DropReason.TTL_NOT_255, 3L));
        backup.name = "vip2";
        backup.vrid = 52;
        backup.effective = 90;
        int port = freeUdpPort();
        AgentOptions options = AgentOptions.parse(Map.of("enabled", "true", "port", String.valueOf(port),
            "community", "vireo-ro", "user", "walker", "authPassphrase", "walk-auth-1", "privPassphrase",
            "walk-priv-1", AgentOptions.NODE_PROPERTY, "n1"));
        MibMemory memory = new MibMemory();
        agent = SnmpAgent.start(options, () -> VrrpMib.snapshot(List.of(master, backup), AgentComponent::ifIndex,
            memory, Instant.now(), new VrrpMib.SystemGroup("Vireo test node", "n1", 4200)), Instant.now());
        at = "127.0.0.1:" + agent.listening().getPort();
    }

    @AfterAll
    void stopAgent() {
        agent.close();
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Runs a net-snmp command (numeric OIDs, no MIBs); its output and exit code. */
    private Result run(String command, String args) throws Exception {
        Path binary = installed(command);
        List<String> argv = new ArrayList<>(List.of(binary.toString(), "-On", "-m", ""));
        argv.addAll(List.of(args.split(" ")));
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
        builder.environment().put("SNMP_PERSISTENT_DIR", dir.resolve("persistent").toString());
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as(command + " ended").isTrue();
        return new Result(p.exitValue(), out);
    }

    private record Result(int exit, String out) {
        List<String> lines() {
            return out.lines().filter(l -> l.startsWith(".")).toList();
        }
    }

    private static Path installed(String command) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, command))) {
                return Path.of(d, command);
            }
        }
        return fail(command + " is not installed: the SNMP agent's tests ask it with net-snmp's own tools;"
            + " apt-get install snmp (.ci/run installs it)");
    }

    @Test
    void snmpwalkV2c_readsTheOperationsTableOfBothInstances() throws Exception {
        Result walk = run("snmpwalk", "-v2c -c vireo-ro " + at + " .1.3.6.1.2.1.207.1.1.1");

        assertThat(walk.exit()).as(walk.out()).isZero();
        assertThat(walk.lines()).contains(
            OPS + "3." + lo + ".51.1 = Hex-STRING: C0 00 02 0B ",
            OPS + "6." + lo + ".51.1 = INTEGER: 3",
            OPS + "6." + lo + ".52.1 = INTEGER: 2",
            OPS + "7." + lo + ".51.1 = Gauge32: 150",
            OPS + "7." + lo + ".52.1 = Gauge32: 90",
            OPS + "9." + lo + ".51.1 = INTEGER: 100",
            OPS + "13." + lo + ".52.1 = INTEGER: 1");
    }

    @Test
    void snmpwalkV3AuthPriv_readsTheStatistics() throws Exception {
        Result walk = run("snmpwalk", V3 + " " + at + " .1.3.6.1.2.1.207.1.2");

        assertThat(walk.exit()).as(walk.out()).isZero();
        assertThat(walk.lines()).contains(
            ".1.3.6.1.2.1.207.1.2.5.1.2." + lo + ".51.1 = INTEGER: 3", // masterNoResponse
            ".1.3.6.1.2.1.207.1.2.5.1.5." + lo + ".52.1 = Counter64: 3",
            ".1.3.6.1.2.1.207.1.2.5.1.6." + lo + ".52.1 = INTEGER: 1"); // ipTtlError
    }

    @Test
    void v3WithoutPrivacyOrWithAnotherCommunity_getsNoAnswer() throws Exception {
        long refusedBefore = agent.refused();
        Result authNoPriv = run("snmpget", "-v3 -l authNoPriv -u walker -a SHA-256 -A walk-auth-1 -t 1 -r 0 " + at
            + " .1.3.6.1.2.1.1.5.0");
        Result community = run("snmpget", "-v2c -c public -t 1 -r 0 " + at + " .1.3.6.1.2.1.1.5.0");

        assertThat(authNoPriv.exit()).as(authNoPriv.out()).isNotZero();
        assertThat(community.out()).contains("Timeout");
        assertThat(agent.refused()).isEqualTo(refusedBefore + 2);
    }

    @Test
    void snmpget_aMissingInstanceAndTheSystemGroup() throws Exception {
        Result get = run("snmpget", "-v2c -c vireo-ro " + at + " " + OPS + "6." + lo + ".99.1 .1.3.6.1.2.1.1.5.0"
            + " .1.3.6.1.2.1.1.1.0 .1.3.6.1.2.1.1.2.0");

        assertThat(get.out()).contains(OPS + "6." + lo + ".99.1 = No Such Instance currently exists at this OID",
            ".1.3.6.1.2.1.1.5.0 = STRING: \"n1\"", ".1.3.6.1.2.1.1.1.0 = STRING: \"Vireo test node\"",
            ".1.3.6.1.2.1.1.2.0 = OID: .1.3.6.1.4.1.32473.1");
    }

    @Test
    void snmpbulkwalk_readsTheWholeTreeInOrder() throws Exception {
        Result bulk = run("snmpbulkwalk", "-v2c -c vireo-ro -Cr5 " + at + " .1.3.6.1.2.1");
        Result walk = run("snmpwalk", "-v2c -c vireo-ro " + at + " .1.3.6.1.2.1");

        assertThat(bulk.exit()).as(bulk.out()).isZero();
        assertThat(bulk.lines()).hasSizeGreaterThan(40).first().asString().startsWith(".1.3.6.1.2.1.1.1.0 = ");
        // the same objects either way (the times move between the two walks)
        assertThat(bulk.lines().stream().map(l -> l.split(" = ")[0]).toList())
            .isEqualTo(walk.lines().stream().map(l -> l.split(" = ")[0]).toList());
        assertThat(bulk.lines()).contains(".1.3.6.1.2.1.207.1.1.2.1.2." + lo + ".52.1.4.192.0.2.101 = INTEGER: 1");
    }

    @Test
    void snmpset_isRefusedNotWritable() throws Exception {
        Result set = run("snmpset", "-v2c -c vireo-ro " + at + " " + OPS + "7." + lo + ".51.1 u 200");

        assertThat(set.exit()).isNotZero();
        assertThat(set.out()).contains("notWritable");
    }
}
