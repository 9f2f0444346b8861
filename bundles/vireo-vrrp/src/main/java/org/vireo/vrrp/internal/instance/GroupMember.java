package org.vireo.vrrp.internal.instance;

import java.util.Optional;

import org.vireo.vrrp.internal.syncgroup.SyncGroupRule;
import org.vireo.vrrp.internal.syncgroup.SyncGroups;

/** A running instance as the node's sync groups see and steer it (on the scheduler thread). */
final class GroupMember implements SyncGroups.Member {

    private final InstanceLifecycle lifecycle;

    GroupMember(InstanceLifecycle lifecycle) {
        this.lifecycle = lifecycle;
    }

    @Override
    public String name() {
        return lifecycle.name();
    }

    @Override
    public SyncGroupRule.Member state() {
        return lifecycle.groupView();
    }

    @Override
    public void cap(Optional<SyncGroupRule.Cap> cap) {
        lifecycle.groupCap(cap);
    }
}
