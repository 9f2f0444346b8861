package org.vireo.vrrp.internal.fsm.sim;

import java.net.InetAddress;

/** An advertisement on the simulated wire. */
record Packet(int from, int priority, int intervalCentis, InetAddress sender) {
}
