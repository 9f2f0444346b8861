package org.vireo.vrrp.command;

import java.net.InetAddress;
import java.util.List;
import java.util.stream.Collectors;

import org.vireo.vrrp.VrrpInstance;

/** Lookups and formats the vrrp: commands share. */
final class Instances {

    private Instances() {
    }

    /** @param instances the command's optional reference: null when no instance is configured */
    static VrrpInstance byName(List<VrrpInstance> optionalInstances, String name) {
        List<VrrpInstance> instances = optionalInstances == null ? List.of() : optionalInstances;
        return instances.stream().filter(i -> i.name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no VRRP instance '" + name + "' on this node: "
                + (instances.isEmpty() ? "none is configured (etc/org.vireo.vrrp.instance-<name>.cfg)"
                    : "there are " + instances.stream().map(VrrpInstance::name).sorted()
                        .collect(Collectors.joining(", ")))));
    }

    static String address(java.util.Optional<InetAddress> a) {
        return a.map(InetAddress::getHostAddress).orElse("-");
    }

    static String priority(VrrpInstance i) {
        return i.basePriority() + "/" + i.effectivePriority() + (i.priorityOverride().isPresent() ? " (override)" : "");
    }
}
