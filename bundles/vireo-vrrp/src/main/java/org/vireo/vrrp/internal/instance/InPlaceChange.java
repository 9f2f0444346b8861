package org.vireo.vrrp.internal.instance;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which configuration changes a running instance takes without leaving the election, and which make it restart
 * (a master hands its VIPs over with priority 0 first). Only what makes it another virtual router, or another kind
 * of one, needs the restart: its name, interface, VRID, version, address family, virtual MAC (the MAC the adverts
 * come from), accept mode, and becoming or ceasing to be the address owner (255). Pure.
 */
final class InPlaceChange {

    private InPlaceChange() {
    }

    /** Empty if {@code next} applies in place; else the keys that need a restart, for the log. */
    static Optional<String> restartNeededFor(InstanceOptions was, InstanceOptions next) {
        List<String> keys = new ArrayList<>();
        if (!was.name().equals(next.name())) {
            keys.add("name");
        }
        if (!was.interfaceName().equals(next.interfaceName())) {
            keys.add("interfaceName");
        }
        if (was.vrid() != next.vrid()) {
            keys.add("vrid");
        }
        if (was.version() != next.version()) {
            keys.add("version");
        }
        if (was.ipv6() != next.ipv6()) {
            keys.add("addressFamily");
        }
        if (was.virtualMac() != next.virtualMac()) {
            keys.add("virtualMac");
        }
        if (was.accept() != next.accept()) {
            keys.add("accept");
        }
        if ((was.priority() == 255) != (next.priority() == 255)) {
            keys.add("priority (to or from 255, the address owner's)");
        }
        return keys.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", keys));
    }

    /** The keys whose values differ, as the log names them: {@code virtualAddresses, advertIntervalMillis}. */
    static String changedKeys(InstanceOptions was, InstanceOptions next) {
        List<String> keys = new ArrayList<>();
        add(keys, "priority", was.priority() != next.priority());
        add(keys, "advertIntervalMillis", was.advertIntervalMillis() != next.advertIntervalMillis());
        add(keys, "preempt", was.preempt() != next.preempt());
        add(keys, "preemptDelaySeconds", was.preemptDelaySeconds() != next.preemptDelaySeconds());
        add(keys, "virtualAddresses", !was.virtualAddresses().equals(next.virtualAddresses()));
        add(keys, "unicastPeers", !was.unicastPeers().equals(next.unicastPeers()));
        add(keys, "allowedPeers", !was.allowedPeers().equals(next.allowedPeers()));
        add(keys, "resignHoldOffSeconds", !was.resignHoldOff().equals(next.resignHoldOff()));
        add(keys, "readinessTimeoutSeconds", !was.readinessTimeout().equals(next.readinessTimeout()));
        add(keys, "releaseHoldMaxSeconds", !was.releaseHoldMax().equals(next.releaseHoldMax()));
        return String.join(", ", keys);
    }

    private static void add(List<String> keys, String key, boolean changed) {
        if (changed) {
            keys.add(key);
        }
    }
}
