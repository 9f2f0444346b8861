package org.vireo.vrrp.command;

import java.net.InetAddress;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

import org.vireo.config.AddressText;
import org.vireo.vrrp.VrrpInstance;

/** Lookups and formats the vrrp: commands share. */
final class Instances {

    private Instances() {
    }

    /**
     * The instances a command got: none for an optional reference with nothing (null), and without the null that
     * stands for a service whose component failed to activate (one broken instance must not fail the command).
     */
    static List<VrrpInstance> present(List<VrrpInstance> references) {
        return references == null ? List.of() : references.stream().filter(Objects::nonNull).toList();
    }

    /** @param optionalInstances the command's optional reference: null when no instance is configured */
    static VrrpInstance byName(List<VrrpInstance> optionalInstances, String name) {
        List<VrrpInstance> instances = present(optionalInstances);
        return instances.stream().filter(i -> i.name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no VRRP instance '" + name + "' on this node: "
                + (instances.isEmpty() ? "none is configured (etc/org.vireo.vrrp.instance-<name>.cfg)"
                    : "there are " + instances.stream().map(VrrpInstance::name).sorted()
                        .collect(Collectors.joining(", ")))));
    }

    static String address(java.util.Optional<InetAddress> a) {
        return a.map(AddressText::of).orElse("-");
    }

    static String priority(VrrpInstance i) {
        return i.basePriority() + "/" + i.effectivePriority() + (i.priorityOverride().isPresent() ? " (override)" : "");
    }
}
