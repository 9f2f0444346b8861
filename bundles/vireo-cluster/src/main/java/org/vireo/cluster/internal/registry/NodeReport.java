package org.vireo.cluster.internal.registry;

import java.io.DataInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.sync.SyncMessages;

/**
 * What a node says of itself every second: the {@link SyncMessages#STATUS} message. The services, the virtual
 * addresses, then the document versions come last and are read only when present, so nodes of API 0.1 (which stop
 * after the config state), 0.2 (after the services), 0.3 (after the virtual addresses) and 0.6 understand each other.
 */
public record NodeReport(String name, String role, String address, String softwareVersion,
                         Map<String, String> vrrpStates, Optional<NodeLoad> load, long configState,
                         Map<String, String> services, List<String> virtualAddresses,
                         Map<String, DocumentVersion> documentVersions) {

    static final int MAX_INSTANCES = 4096;
    static final int MAX_SERVICES = 256;
    static final int MAX_VIRTUAL_ADDRESSES = 4096;
    static final int MAX_DOCUMENTS = 4096;

    public NodeReport {
        vrrpStates = Map.copyOf(vrrpStates);
        services = Map.copyOf(services);
        virtualAddresses = List.copyOf(virtualAddresses);
        documentVersions = Map.copyOf(documentVersions);
    }

    /** A report without document versions (the form of API 0.3). */
    public NodeReport(String name, String role, String address, String softwareVersion,
                      Map<String, String> vrrpStates, Optional<NodeLoad> load, long configState,
                      Map<String, String> services, List<String> virtualAddresses) {
        this(name, role, address, softwareVersion, vrrpStates, load, configState, services, virtualAddresses,
            Map.of());
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
            // binary, not the text form: a second a node, with every replicated document's version
            out.writeShort(documentVersions.size());
            for (Map.Entry<String, DocumentVersion> e : new TreeMap<>(documentVersions).entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue().millis());
                out.writeShort(e.getValue().counter());
                out.writeUTF(e.getValue().node());
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
        Map<String, DocumentVersion> documents = in.available() > 0 ? readVersions(in, name) : Map.of();
        return new NodeReport(name, role, address, version, vrrp, load, configState, services, virtual, documents);
    }

    private static Map<String, DocumentVersion> readVersions(DataInputStream in, String node) throws IOException {
        int n = in.readUnsignedShort();
        if (n > MAX_DOCUMENTS) {
            throw new IOException("status of " + node + ": " + n + " document versions (at most " + MAX_DOCUMENTS
                + ")");
        }
        Map<String, DocumentVersion> versions = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            String id = in.readUTF();
            try {
                versions.put(id, new DocumentVersion(in.readLong(), in.readUnsignedShort(), in.readUTF()));
            } catch (IllegalArgumentException e) {
                throw new IOException("status of " + node + ": document " + id + ": " + e.getMessage(), e);
            }
        }
        return versions;
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
