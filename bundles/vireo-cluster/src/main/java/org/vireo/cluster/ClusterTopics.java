package org.vireo.cluster;

/**
 * The EventAdmin topics config sync and the node registry post on (the event log's types in brackets). Versions are
 * written as {@link DocumentVersion#toString()} ({@code 1733140681123.0@n2}); documents as cluster:status names them
 * ({@code pid:org.vireo.balancer}, {@code file:vireo/rules.conf}).
 */
public final class ClusterTopics {

    /**
     * A version is in force here now ({@code cluster.config_applied}): document, version, origin (the node that
     * made it), local (true: an edit made here, sent to the members).
     */
    public static final String CONFIG_APPLIED = "org/vireo/cluster/CONFIG_APPLIED";
    /**
     * A version is refused here ({@code cluster.config_refused}): document, version ("" for a change made here that
     * fails validation, never sent), origin, local, reason.
     */
    public static final String CONFIG_REFUSED = "org/vireo/cluster/CONFIG_REFUSED";
    /**
     * Concurrent edits ({@code cluster.config_conflict}): document, winner (in force), lost (kept, see
     * cluster:conflicts), wonBy, lostBy (their nodes).
     */
    public static final String CONFIG_CONFLICT = "org/vireo/cluster/CONFIG_CONFLICT";
    /** A member joined ({@code cluster.member_joined}): member, role, address, reason. */
    public static final String MEMBER_JOINED = "org/vireo/cluster/MEMBER_JOINED";
    /** A member left: gone from the view, or silent ({@code cluster.member_left}): member, role, address, reason. */
    public static final String MEMBER_LEFT = "org/vireo/cluster/MEMBER_LEFT";

    private ClusterTopics() {
    }
}
