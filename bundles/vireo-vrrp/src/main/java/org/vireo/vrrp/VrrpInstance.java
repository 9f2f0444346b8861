package org.vireo.vrrp;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** One virtual router configured on this node (factory PID {@value #FACTORY_PID}), registered as a service. */
public interface VrrpInstance {

    String FACTORY_PID = "org.vireo.vrrp.instance";
    /** Service property of an {@link EffectivePriority} naming the instance it is for. */
    String NAME_PROPERTY = "vrrp.name";
    /**
     * EventAdmin topic of state changes (the event log's {@code vrrp.transition}); properties: instance, vrid,
     * interface, from, to (states), priority (effective), base, cause (in words), peer (the router it concerns: an
     * advert's sender or the master last heard; "" if none), master (the master's address after it: this node's
     * when it became master, an advert's sender when that made it backup; "" if unknown).
     */
    String TRANSITION_TOPIC = "org/vireo/vrrp/TRANSITION";
    /**
     * EventAdmin topic of changes of the effective priority ({@code vrrp.priority}); properties: instance, vrid,
     * interface, from, to (priorities), base, reason (health tracking's, the operator's override or resignation, a
     * configured base priority).
     */
    String PRIORITY_TOPIC = "org/vireo/vrrp/PRIORITY";
    /**
     * EventAdmin topic of this node's takeovers, once its first advert as master is sent ({@code vrrp.takeover});
     * properties: instance, vrid, interface, previousMaster (or ""), lastAdvertHeard (ISO time or ""),
     * firstAdvertSent (ISO time), gapMillis (a double; -1 when no advert was heard).
     */
    String TAKEOVER_TOPIC = "org/vireo/vrrp/TAKEOVER";
    /**
     * EventAdmin topic of a split brain detected or over (type {@code vrrp.split_brain}): fields {@code instance},
     * {@code vrid}, {@code interface}, {@code state} ({@code detected}, {@code ended}), {@code path} ({@code advert}:
     * the other master's adverts reached this one; {@code registry}: the cluster's node registry reports another node
     * master of an instance of this name), {@code peer} (the other master's address; through the registry, the
     * node's management address), {@code peerPriority} (-1 when it ended or is not known), {@code priority} (this
     * node's), {@code count} (split brains of the instance so far, both paths), {@code cause}.
     */
    String SPLIT_BRAIN_TOPIC = "org/vireo/vrrp/SPLIT_BRAIN";
    /**
     * EventAdmin topic of adverts an instance dropped as protocol errors (type {@code vrrp.protocol_error}, what
     * RFC 6527's vrrpv3ProtoError tells a manager): fields {@code instance}, {@code vrid}, {@code interface},
     * {@code family} ({@code ipv4}, {@code ipv6}), {@code reason} (a {@link DropReason}: TTL_NOT_255, WRONG_VERSION,
     * CHECKSUM, VRID_NOT_CONFIGURED), {@code description} (its words), {@code count} (drops of that reason since the
     * instance's last such event). Rate-limited per instance and reason: the first at once (within a second), then
     * at most one every 10 s carrying the drops since the last.
     */
    String PROTOCOL_ERROR_TOPIC = "org/vireo/vrrp/PROTOCOL_ERROR";

    String name();

    int vrid();

    String interfaceName();

    /** 2 or 3. */
    int version();

    VrrpState state();

    /** Why the instance is in {@link VrrpState#FAULT}, and what would fix it; empty when it runs. */
    Optional<String> fault();

    /** When the instance entered its current state. */
    Instant stateSince();

    /** The configured priority (255: the address owner). */
    int basePriority();

    /** The priority it advertises and compares with: base, or tracked health, or an operator override; 0 = not eligible. */
    int effectivePriority();

    /** The operator's override ({@code vrrp:priority}), if one is set. */
    Optional<Integer> priorityOverride();

    /**
     * Why the effective priority is not the base, item by item: health tracking's monitors and interfaces, then the
     * operator's override, then a resignation; the base minus their amounts is the effective priority. Empty when it
     * is the base.
     */
    default List<PriorityDeduction> priorityDeductions() {
        return List.of();
    }

    /** The instance's last change of state since it started; empty before the first. */
    default Optional<VrrpTransition> lastTransition() {
        return Optional.empty();
    }

    /**
     * Split brains since the instance started: another router advertising as master while this one was
     * ({@code detected}, with whom and how many so far) or none; empty for an instance that does not count them.
     */
    default Optional<String> splitBrain() {
        return Optional.empty();
    }

    /** The sync group the instance is in on this node (master together with its other members, or not at all). */
    default Optional<String> syncGroup() {
        return Optional.empty();
    }

    /** This node's last takeover since the instance started (how long the group went without adverts); empty before. */
    default Optional<VrrpTakeover> lastTakeover() {
        return Optional.empty();
    }

    /** This node's address the adverts come from; the tie-break compares it. Empty until the transport is open. */
    Optional<InetAddress> primaryAddress();

    /** The master's address: this node's while master, else the last master heard. */
    Optional<InetAddress> masterAddress();

    /** The configured advertisement interval. */
    Duration advertInterval();

    boolean preempt();

    List<InetAddress> virtualAddresses();

    /** Whether the master sends from, and answers ARP with, the virtual router MAC (RFC 5798 7.3) on a macvlan. */
    boolean virtualMac();

    /**
     * The VRRP message (no IP header) this instance sends when it gives up mastership: priority 0, its
     * interval and addresses, checksummed for its channel's source and destination. A guard process beside
     * the JVM sends it if the JVM dies while master. Empty while the channel is not open.
     */
    Optional<byte[]> resignationAdvert();

    VrrpCounters counters();

    /**
     * What this node still waits for before it may take the virtual addresses from a live master of lower priority
     * (the readiness conditions of its bundles, bounded by {@code readinessTimeoutSeconds}); empty once it is ready or
     * never waited. It takes over as usual when no master is heard.
     */
    default Optional<String> waitingFor() {
        return Optional.empty();
    }

    /** Warnings an operator should see in {@code vrrp:show} (e.g. tracking configured with preemption off). */
    List<String> warnings();

    /**
     * Whether the instance's configuration was refused when it was to start: it is listed (FAULT, the refusal as its
     * fault) but takes no part in any election, holds no VIP and sends nothing until a good configuration comes.
     */
    default boolean refused() {
        return false;
    }

    /**
     * Sets (0-254) or, with an empty value, clears the operator's priority override. It takes the place of
     * the base and tracked priority until cleared.
     *
     * @throws IllegalArgumentException for a value outside 0-254
     */
    void overridePriority(Optional<Integer> priority);

    /**
     * Steps down: a master sends priority 0 and becomes backup, and the instance stays out of the election
     * (priority 0) for {@code holdOff} (null: the configured {@code resignHoldOffSeconds}), so that another
     * node takes over and keeps the VIPs.
     */
    void resign(Duration holdOff);

    /** The longest {@link #resign} hold-off an operator may ask for: a day. */
    int MAX_RESIGN_HOLD_OFF_SECONDS = 86_400;

    /**
     * An operator's hold-off for {@link #resign}, checked the one way the shell and the API check it.
     *
     * @throws IllegalArgumentException outside 1-{@value #MAX_RESIGN_HOLD_OFF_SECONDS} seconds, naming the value
     */
    static Duration resignHoldOff(int seconds) {
        if (seconds < 1 || seconds > MAX_RESIGN_HOLD_OFF_SECONDS) {
            throw new IllegalArgumentException("hold-off " + seconds + " s: expected 1-" + MAX_RESIGN_HOLD_OFF_SECONDS
                + " seconds");
        }
        return Duration.ofSeconds(seconds);
    }
}
