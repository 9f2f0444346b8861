package org.vireo.cluster;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One node as the registry knows it: what it last reported of itself (every second) and whether it still does.
 *
 * @param name            the node's name
 * @param role            director, backup or scanner (with {@code +scan} when a director or backup also scans)
 * @param address         the address it is reached at for management (its cluster bind address if none is set)
 * @param softwareVersion the Vireo version it runs
 * @param vrrpStates      VRRP instance name -> state (MASTER, BACKUP, INITIALIZE, ...); empty on a scanner
 * @param load            its load, when it runs the scanner
 * @param lastSeen        when its last report arrived here
 * @param stale           no report for longer than the stale limit (2.5 s by default), or it left the view
 * @param self            this node
 * @param configState     a fingerprint of the replicated documents it holds: equal on nodes that are in sync
 * @param services        service name -> where clients reach it (a URL), for the services it offers clients now
 *                        (see {@link NodeStatusSource#services()}); empty from nodes older than API 0.2
 * @param virtualAddresses the virtual addresses (VIPs, as IP literals) of its VRRP instances, whether it is master
 *                        of them or not (see {@link NodeStatusSource#virtualAddresses()}); empty from nodes older
 *                        than API 0.3
 * @param documentVersions each replicated document it holds -> the version in force there (config sync); empty from
 *                        nodes older than API 0.6
 */
public record ClusterNode(String name, String role, String address, String softwareVersion,
                          Map<String, String> vrrpStates, Optional<NodeLoad> load, Instant lastSeen, boolean stale,
                          boolean self, long configState, Map<String, String> services,
                          List<String> virtualAddresses, Map<String, DocumentVersion> documentVersions) {

    public ClusterNode {
        vrrpStates = Map.copyOf(vrrpStates);
        services = Map.copyOf(services);
        virtualAddresses = List.copyOf(virtualAddresses);
        documentVersions = Map.copyOf(documentVersions);
    }

    /** A node that reports no document versions (the form of API 0.3 to 0.5). */
    public ClusterNode(String name, String role, String address, String softwareVersion,
                       Map<String, String> vrrpStates, Optional<NodeLoad> load, Instant lastSeen, boolean stale,
                       boolean self, long configState, Map<String, String> services, List<String> virtualAddresses) {
        this(name, role, address, softwareVersion, vrrpStates, load, lastSeen, stale, self, configState, services,
            virtualAddresses, Map.of());
    }

    /** A node that reports no virtual addresses (the form of API 0.2). */
    public ClusterNode(String name, String role, String address, String softwareVersion,
                       Map<String, String> vrrpStates, Optional<NodeLoad> load, Instant lastSeen, boolean stale,
                       boolean self, long configState, Map<String, String> services) {
        this(name, role, address, softwareVersion, vrrpStates, load, lastSeen, stale, self, configState, services,
            List.of());
    }

    /** A node that offers no service to clients (the form of API 0.1). */
    public ClusterNode(String name, String role, String address, String softwareVersion,
                       Map<String, String> vrrpStates, Optional<NodeLoad> load, Instant lastSeen, boolean stale,
                       boolean self, long configState) {
        this(name, role, address, softwareVersion, vrrpStates, load, lastSeen, stale, self, configState, Map.of());
    }
}
