package org.vireo.cluster.internal.channel;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    static List<Integer> freePorts(int n) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
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
