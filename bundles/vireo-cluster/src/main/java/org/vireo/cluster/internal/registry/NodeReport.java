package org.vireo.cluster.internal.registry;

import java.io.DataInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.sync.SyncMessages;

/** What a node says of itself every second: the {@link SyncMessages#STATUS} message. */
public record NodeReport(String name, String role, String address, String softwareVersion,
                         Map<String, String> vrrpStates, Optional<NodeLoad> load, long configState) {

    static final int MAX_INSTANCES = 4096;

    public NodeReport {
        vrrpStates = Map.copyOf(vrrpStates);
    }

    public byte[] encode() {
        return SyncMessages.encode(out -> {
            out.writeByte(SyncMessages.STATUS);
            out.writeUTF(name);
            out.writeUTF(role);
            out.writeUTF(address);
            out.writeUTF(softwareVersion);
            out.writeShort(vrrpStates.size());
            for (Map.Entry<String, String> e : new TreeMap<>(vrrpStates).entrySet()) {
                out.writeUTF(e.getKey());
                out.writeUTF(e.getValue());
            }
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
        });
    }

    /** Reads a status message after its kind byte. */
    public static NodeReport read(DataInputStream in) throws IOException {
        String name = in.readUTF();
        String role = in.readUTF();
        String address = in.readUTF();
        String version = in.readUTF();
        int n = in.readUnsignedShort();
        if (n > MAX_INSTANCES) {
            throw new IOException("status of " + name + ": " + n + " VRRP instances (at most " + MAX_INSTANCES + ")");
        }
        Map<String, String> vrrp = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            vrrp.put(in.readUTF(), in.readUTF());
        }
        Optional<NodeLoad> load = Optional.empty();
        if (in.readBoolean()) {
            load = Optional.of(new NodeLoad(Instant.ofEpochMilli(in.readLong()), in.readDouble(), in.readDouble(),
                in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readInt(), in.readDouble()));
        }
        return new NodeReport(name, role, address, version, vrrp, load, in.readLong());
    }
}
