/**
 * A deterministic multi-node simulation of the state machine under faults.
 *
 * <p>Per seed: 2..5 nodes on one VRID, a virtual microsecond clock and event queue, a LAN with per-copy loss,
 * 0..5 ms delay and duplication from a seeded Random, and 60 virtual seconds of scheduled faults (crashes and
 * restarts, graceful shutdowns, priority changes, link down/up, partitions and heals, loss bursts or
 * background loss), then a fault-free tail. {@code InvariantChecker} states the invariants; a failing seed
 * prints its scenario, its trace and the command that replays it ({@code -Dvrrp.sim.seed=N}).
 * {@code Mutant} holds deliberately broken state machines that the checker must catch.
 */
package org.vireo.vrrp.internal.fsm.sim;
