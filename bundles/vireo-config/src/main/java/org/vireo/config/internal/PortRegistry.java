package org.vireo.config.internal;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ListeningPorts;

/** This node's {@link ListeningPorts}: a map from owner to its ports, checked and replaced under one lock. */
@Component(service = ListeningPorts.class)
public class PortRegistry implements ListeningPorts {

    private final Map<String, List<Port>> held = new TreeMap<>();

    @Override
    public synchronized void claim(String owner, Collection<Port> ports) {
        for (Port mine : ports) {
            held.forEach((other, theirs) -> {
                if (other.equals(owner)) {
                    return;
                }
                theirs.stream().filter(mine::collides).findFirst().ifPresent(taken -> {
                    throw new IllegalArgumentException(mine.key() + " = " + mine.port() + ": port " + mine.port()
                        + " is taken on this node by " + other + " (its " + taken.describe() + ")");
                });
            });
        }
        held.put(owner, List.copyOf(ports));
    }

    @Override
    public synchronized void release(String owner) {
        held.remove(owner);
    }

    @Override
    public synchronized Map<String, List<Port>> held() {
        return new LinkedHashMap<>(held);
    }
}
