package org.vireo.health;

/**
 * One VRRP instance's tracking (factory PID {@value #FACTORY_PID}); also registered as
 * {@link org.vireo.vrrp.EffectivePriority} with {@code vrrp.name} = the instance.
 */
public interface TrackedGroup {

    String FACTORY_PID = "org.vireo.health.track";

    String instanceName();

    TrackStatus status(int basePriority);
}
