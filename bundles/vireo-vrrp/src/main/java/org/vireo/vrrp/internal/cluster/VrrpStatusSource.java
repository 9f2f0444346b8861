package org.vireo.vrrp.internal.cluster;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.vireo.cluster.NodeStatusSource;
import org.vireo.config.AddressText;
import org.vireo.vrrp.VrrpInstance;

/**
 * Puts the state of this node's VRRP instances into its report in the node registry, and their virtual addresses
 * (master or not), which every node's proxy refuses to reach for a client.
 */
@Component(service = NodeStatusSource.class)
public class VrrpStatusSource implements NodeStatusSource {

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
    }

    void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
    }

    @Override
    public Map<String, String> vrrpStates() {
        Map<String, String> out = new TreeMap<>();
        instances.forEach(i -> out.put(i.name(), i.state().name()));
        return out;
    }

    @Override
    public List<String> virtualAddresses() {
        Set<String> out = new TreeSet<>();
        instances.forEach(i -> i.virtualAddresses().forEach(a -> out.add(AddressText.of(a))));
        return List.copyOf(out);
    }
}
