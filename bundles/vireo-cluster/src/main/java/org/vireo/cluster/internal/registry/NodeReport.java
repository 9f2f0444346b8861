package org.vireo.cluster.internal.registry;

import java.io.DataInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.sync.SyncMessages;

/**
 * What a node says of itself every second: the {@link SyncMessages#STATUS} message. The services, then the virtual
 * addresses, come last and are read only when present, so nodes of API 0.1 (which stop after the config state), 0.2
 * (after the services) and 0.3 understand each other.
 */
public record NodeReport(String name, String role, String address, String softwareVersion,
                         Map<String, String> vrrpStates, Optional<NodeLoad> load, long configState,
                         Map<String, String> services, List<String> virtualAddresses) {

    static final int MAX_INSTANCES = 4096;
    static final int MAX_SERVICES = 256;
    static final int MAX_VIRTUAL_ADDRESSES = 4096;

    public NodeReport {
        vrrpStates = Map.copyOf(vrrpStates);
        services = Map.copyOf(services);
        virtualAddresses = List.copyOf(virtualAddresses);
    }

    /** A report without virtual addresses (the form of API 0.2). */
    public NodeReport(String name, String role, String address, String softwareVersion,
                      Map<String, String> vrrpStates, Optional<NodeLoad> load, long configState,
                      Map<String, String> services) {
        this(name, role, address, softwareVersion, vrrpStates, load, configState, services, List.of());
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
            out.writeShort(virtualAddresses.size());
            for (String address : virtualAddresses) {
                out.writeUTF(address);
            }
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
        List<String> virtual = in.available() > 0 ? readList(in, name) : List.of();
        return new NodeReport(name, role, address, version, vrrp, load, configState, services, virtual);
    }

    private static List<String> readList(DataInputStream in, String node) throws IOException {
        int n = in.readUnsignedShort();
        if (n > MAX_VIRTUAL_ADDRESSES) {
            throw new IOException("status of " + node + ": " + n + " virtual addresses (at most "
                + MAX_VIRTUAL_ADDRESSES + ")");
        }
        List<String> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(in.readUTF());
        }
        return list;
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
