package org.vireo.vrrp.command;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpTransport;

/** The drops the vrrp: commands show: an instance's own, and those of its interface that no instance took. */
final class Drops {

    private Drops() {
    }

    /**
     * Interface name -> reason -> count, over every transport (the commands' optional reference: null when none
     * is there), reasons in receive-path order.
     */
    static Map<String, Map<DropReason, Long>> byInterface(List<VrrpTransport> optionalTransports) {
        Map<String, Map<DropReason, Long>> all = new TreeMap<>();
        for (VrrpTransport t : optionalTransports == null ? List.<VrrpTransport>of() : optionalTransports) {
            t.interfaceDrops().forEach((name, counts) -> counts.forEach((reason, n) ->
                all.computeIfAbsent(name, k -> new EnumMap<>(DropReason.class)).merge(reason, n, Long::sum)));
        }
        return all;
    }

    /** "UNKNOWN_VRID 5, IP_HEADER_CHECKSUM 2": the counted reasons, in receive-path order. */
    static String summary(Map<DropReason, Long> counts) {
        return counts.entrySet().stream().filter(e -> e.getValue() > 0)
            .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    static long total(Map<DropReason, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }
}
