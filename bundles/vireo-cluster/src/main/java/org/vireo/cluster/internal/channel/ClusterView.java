package org.vireo.cluster.internal.channel;

import java.util.List;

/**
 * One view of the cluster.
 *
 * @param id          increases with every view this member installs
 * @param members     member names, coordinator first
 * @param coordinator the member that coordinates this view (the first one)
 * @param merged      whether this view ends a partition (two or more subgroups merged into it)
 */
public record ClusterView(long id, List<String> members, String coordinator, boolean merged) {

    public ClusterView {
        members = List.copyOf(members);
    }
}
