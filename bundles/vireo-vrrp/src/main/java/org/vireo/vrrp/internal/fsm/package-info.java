/**
 * The VRRP state machine (RFC 5798 section 6.4; RFC 3768 timing for version 2), pure and clock-free.
 *
 * <p>{@link org.vireo.vrrp.internal.fsm.VrrpStateMachine#handle} takes an {@link org.vireo.vrrp.internal.fsm.FsmEvent}
 * and the caller's monotonic time in microseconds and returns the {@link org.vireo.vrrp.internal.fsm.FsmAction}s
 * to carry out in order. Decisions where the RFC is silent or this code goes beyond it:
 * <ul>
 *   <li>Timings are whole microseconds, floored (see {@code VrrpTimings}); V2 Skew_Time is (256 - priority) / 256
 *       seconds as in RFC 3768, V3 scales with Master_Adver_Interval as in RFC 5798.</li>
 *   <li>Preempt delay (not in the RFC) follows keepalived: it runs from the first lower-priority advert a Backup
 *       hears and is forgotten when a legitimate Master is heard or the router leaves Backup
 *       (see {@code PreemptGate}).</li>
 *   <li>Effective priority: the priority advertised and compared. A Master advertises a change at once; at 0 it
 *       sends a priority-0 advert and becomes Backup; a Backup at 0 never takes over. Only the address owner may
 *       use 255, and only at 255 does it go straight to Master on Startup and preempt regardless of
 *       Preempt_Mode and preempt delay.</li>
 *   <li>The router runs while enabled (Startup, no Shutdown since) and its link is up (assumed up until
 *       InterfaceDown). InterfaceDown stops it like Shutdown but sends nothing.</li>
 * </ul>
 */
package org.vireo.vrrp.internal.fsm;
