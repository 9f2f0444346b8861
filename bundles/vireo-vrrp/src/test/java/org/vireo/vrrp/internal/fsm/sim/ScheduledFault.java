package org.vireo.vrrp.internal.fsm.sim;

public record ScheduledFault(long atMicros, Fault fault) {
}
