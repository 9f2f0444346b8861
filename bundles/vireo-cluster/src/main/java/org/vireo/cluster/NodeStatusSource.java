package org.vireo.cluster;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whiteboard: what a bundle adds to this node's report in the registry. The scanner registers one with its load,
 * the VRRP engine one with its instances' states; the registry asks every source once per report (on its thread:
 * answer from what is at hand, do not block).
 */
public interface NodeStatusSource {

    /** VRRP instance name -> state name. */
    default Map<String, String> vrrpStates() {
        return Map.of();
    }

    /** The node's load, if this source measures it. */
    default Optional<NodeLoad> load() {
        return Optional.empty();
    }

    /**
     * The services this node offers clients now: service name -> where clients reach it (a URL such as
     * {@code http://192.0.2.5:8480/vireo/login}). Only while it can serve them: what it stops serving it leaves out.
     */
    default Map<String, String> services() {
        return Map.of();
    }

    /**
     * The virtual addresses (IP literals) of this node's VRRP instances, master or not: what every node's proxy must
     * not reach for a client, whichever node holds them now.
     */
    default List<String> virtualAddresses() {
        return List.of();
    }
}
