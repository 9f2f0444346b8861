package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.vip.internal.NetNamespace;

/**
 * A host with IPv6 disabled ({@code net.ipv6.conf.all.disable_ipv6 = 1}, as hardened hosts have it): the transport
 * runs in a JVM of its own inside such a namespace ({@link OpenProbe}), because a JVM decides once, at start, whether
 * it has IPv6 sockets, and one started there has none (joining ff02::12 then throws IllegalArgumentException).
 */
class PcapTransportWithoutIpv6Test {

    private static NetNamespace ns;

    @BeforeAll
    static void namespaceWithoutIpv6() throws Exception {
        assumeTrue(NetNamespace.available(), "needs root and iproute2 (CI has both)");
        ns = NetNamespace.create("vw-noip6-" + ProcessHandle.current().pid());
        ns.sysctl("net/ipv6/conf/all/disable_ipv6=1", "net/ipv6/conf/default/disable_ipv6=1");
        ns.cable("vwx", "10.79.0.1/24", "vwxp");
    }

    @AfterAll
    static void removeNamespace() throws Exception {
        if (ns != null) {
            ns.close();
        }
    }

    @Test
    void anIpv4ChannelOpensAndIpv6OnesFailSayingWhyWithoutHoldingAnything(@TempDir Path dir) throws Exception {
        List<String> out = probe(dir, "vwx", "ipv4,ipv6,ipv6,ipv6");

        String disabled = "failed ipv6: java.io.IOException: IPv6 is disabled on vwx (net.ipv6.conf.vwx.disable_ipv6"
            + " = 1): an IPv6 instance needs it; enable it (sysctl -w net.ipv6.conf.vwx.disable_ipv6=0, and in"
            + " /etc/sysctl.d to keep it) or use addressFamily = ipv4";
        assertThat(out).containsExactly(
            "opened ipv4 from 10.79.0.1", "packet sockets 2",
            disabled, "packet sockets 2",
            disabled, "packet sockets 2",
            disabled, "packet sockets 2",
            "closed, packet sockets 0");
    }

    /** Runs {@link OpenProbe} in the namespace with this test's class path; its output lines. */
    private static List<String> probe(Path dir, String... args) throws Exception {
        Path output = dir.resolve("probe.out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of("ip", "netns", "exec", ns.name(), java, "-cp",
            System.getProperty("java.class.path"), OpenProbe.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the probe did not finish in 60 s: " + Files.readString(output));
        }
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8).stream()
            .filter(line -> !line.startsWith("SLF4J:")).toList();
        assertThat(p.exitValue()).as("the probe's exit; it said %s", lines).isZero();
        return lines;
    }
}
