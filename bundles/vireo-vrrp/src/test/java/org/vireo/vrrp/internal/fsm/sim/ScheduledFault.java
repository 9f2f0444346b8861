package org.vireo.vrrp.internal.fsm.sim;

record ScheduledFault(long atMicros, Fault fault) {
}
