package org.vireo.cluster.internal.channel;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.jgroups.protocols.DISCARD;
import org.jgroups.protocols.TCP;
import org.jgroups.stack.ProtocolStack;
import org.vireo.cluster.internal.tls.ClusterCa;

/**
 * In-JVM members for tests: certificates from a cluster CA in a folder of the test's, settings with short timings
 * on 127.0.0.1, free ports, and a cable cut (JGroups' DISCARD above the transport).
 */
final class TestChannels {

    private static final int EPHEMERAL_LOW = ephemeralLow();
    private static final int PORTS_BELOW_EPHEMERAL = Math.max(1, Math.min(10_000, EPHEMERAL_LOW - 1024));
    /** Where the next port is looked for (counting down from the ephemeral range), from a random start per JVM. */
    private static final AtomicInteger nextPort = new AtomicInteger(new Random().nextInt(PORTS_BELOW_EPHEMERAL));

    private final Path dir;
    private final ClusterCa ca = new ClusterCa();

    /** Makes two CAs in {@code dir}: {@code ca} (the cluster's) and {@code other-ca} (a stranger's). */
    TestChannels(Path dir) {
        this.dir = dir;
        ca.initCa(dir.resolve("ca"), "test", Duration.ofDays(1), false);
        ca.initCa(dir.resolve("other-ca"), "test", Duration.ofDays(1), false);
    }

    /** A node's settings: its port, the cluster's members, and its certificate from {@code caFolder}. */
    ChannelSettings settings(String name, String caFolder, int port, List<Integer> memberPorts,
                             Map<String, Object> extra) {
        Path file = dir.resolve(caFolder + "-" + name + ".p12");
        if (!file.toFile().exists()) {
            ca.issue(dir.resolve(caFolder), name, List.of("127.0.0.1"), List.of(), Duration.ofHours(1), file,
                "pw".toCharArray());
        }
        Map<String, Object> raw = new HashMap<>();
        raw.put("clusterName", "test");
        raw.put("bindAddress", "127.0.0.1");
        raw.put("bindPort", String.valueOf(port));
        raw.put("members", memberPorts.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(",")));
        raw.put("keystore", file.toString());
        raw.put("keystorePassword", "pw");
        raw.put("joinTimeoutMillis", "1000");
        raw.put("heartbeatIntervalMillis", "200");
        raw.put("failureTimeoutMillis", "1000");
        raw.put("verifySuspectMillis", "500");
        raw.put("mergeMinIntervalMillis", "500");
        raw.put("mergeMaxIntervalMillis", "1000");
        raw.putAll(extra);
        return ChannelSettings.parse(raw, null);
    }

    /**
     * Ports for members to bind later, taken below the kernel's ephemeral range and never twice in this JVM. JGroups
     * binds each outgoing connection's socket to port 0 before connecting, so a port picked by the kernel and let go
     * again could become another member's local port before its own member binds it; that member then never joins
     * (seen once in CI: two members waited in vain for the third).
     */
    static List<Integer> freePorts(int n) throws IOException {
        List<Integer> ports = new ArrayList<>();
        for (int tried = 0; ports.size() < n; tried++) {
            if (tried == PORTS_BELOW_EPHEMERAL) {
                throw new IOException("no " + n + " free ports on 127.0.0.1 below " + EPHEMERAL_LOW);
            }
            int port = EPHEMERAL_LOW - 1 - Math.floorMod(nextPort.getAndIncrement(), PORTS_BELOW_EPHEMERAL);
            try (ServerSocket probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                ports.add(probe.getLocalPort());
            } catch (BindException inUse) {
                // someone else's: try the next
            }
        }
        return ports;
    }

    private static int ephemeralLow() {
        try {
            // read by lines: Files.readString trusts the size /proc reports and returned only "3" here
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0)
                .trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32768; // Linux's default
        }
    }

    /** Cuts a member off: everything it sends or receives is dropped until the returned protocol is removed. */
    static DISCARD cut(JGroupsTransport transport) throws Exception {
        ProtocolStack stack = transport.protocolStack();
        DISCARD discard = new DISCARD().discardAll(true);
        discard.setAddress(stack.getChannel().getAddress());
        stack.insertProtocol(discard, ProtocolStack.Position.ABOVE, TCP.class);
        return discard;
    }

    static void heal(JGroupsTransport transport, DISCARD discard) {
        transport.protocolStack().removeProtocol(discard);
    }
}
