package org.vireo.cluster.internal.rest;

import java.util.List;

import org.vireo.cluster.internal.channel.ClusterView;

/**
 * The cluster's current view as this node holds it.
 *
 * @param id          increases with every view this node installs
 * @param members     the members' names, coordinator first
 * @param coordinator the member that coordinates the view
 * @param merged      the view ended a partition
 */
public record GroupView(long id, List<String> members, String coordinator, boolean merged) {

    static GroupView of(ClusterView v) {
        return new GroupView(v.id(), v.members(), v.coordinator(), v.merged());
    }
}
