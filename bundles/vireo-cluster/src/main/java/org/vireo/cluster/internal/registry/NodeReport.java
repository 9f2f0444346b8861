package org.vireo.cluster.internal.registry;

import java.io.DataInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.sync.SyncMessages;

/**
 * What a node says of itself every second: the {@link SyncMessages#STATUS} message. The services come last and are
 * read only when present, so nodes of API 0.1 (which stop after the config state) and 0.2 understand each other.
 */
public record NodeReport(String name, String role, String address, String softwareVersion,
                         Map<String, String> vrrpStates, Optional<NodeLoad> load, long configState,
                         Map<String, String> services) {

    static final int MAX_INSTANCES = 4096;
    static final int MAX_SERVICES = 256;

    public NodeReport {
        vrrpStates = Map.copyOf(vrrpStates);
        services = Map.copyOf(services);
    }

    public byte[] encode() {
        return SyncMessages.encode(out -> {
            out.writeByte(SyncMessages.STATUS);
            out.writeUTF(name);
            out.writeUTF(role);
            out.writeUTF(address);
            out.writeUTF(softwareVersion);
            writeMap(out, vrrpStates);
            out.writeBoolean(load.isPresent());
            if (load.isPresent()) {
                NodeLoad l = load.get();
                out.writeLong(l.at().toEpochMilli());
                out.writeDouble(l.processCpu());
                out.writeDouble(l.systemCpu());
                out.writeLong(l.heapUsedBytes());
                out.writeLong(l.heapMaxBytes());
                out.writeLong(l.memoryUsedBytes());
                out.writeLong(l.memoryTotalBytes());
                out.writeInt(l.activeConnections());
                out.writeDouble(l.requestsPerSecond());
            }
            out.writeLong(configState);
            writeMap(out, services);
        });
    }

    /** Reads a status message after its kind byte. */
    public static NodeReport read(DataInputStream in) throws IOException {
        String name = in.readUTF();
        String role = in.readUTF();
        String address = in.readUTF();
        String version = in.readUTF();
        Map<String, String> vrrp = readMap(in, name, "VRRP instances", MAX_INSTANCES);
        Optional<NodeLoad> load = Optional.empty();
        if (in.readBoolean()) {
            load = Optional.of(new NodeLoad(Instant.ofEpochMilli(in.readLong()), in.readDouble(), in.readDouble(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readInt(), in.readDouble()));
        }
        long configState = in.readLong();
        Map<String, String> services = in.available() > 0 ? readMap(in, name, "services", MAX_SERVICES) : Map.of();
        return new NodeReport(name, role, address, version, vrrp, load, configState, services);
    }

    private static void writeMap(java.io.DataOutputStream out, Map<String, String> map) throws IOException {
        out.writeShort(map.size());
        for (Map.Entry<String, String> e : new TreeMap<>(map).entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
    }

    private static Map<String, String> readMap(DataInputStream in, String node, String what, int max)
        throws IOException {
        int n = in.readUnsignedShort();
        if (n > max) {
            throw new IOException("status of " + node + ": " + n + " " + what + " (at most " + max + ")");
        }
        Map<String, String> map = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            map.put(in.readUTF(), in.readUTF());
        }
        return map;
    }
}
