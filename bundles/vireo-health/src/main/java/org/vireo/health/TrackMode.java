package org.vireo.health;

/** How a tracked group turns the health of its monitors into an effective priority EP from the base BP. */
public enum TrackMode {
    /** EP = BP. */
    NONE,
    /** EP = BP if every monitor is up, else 0. */
    ALL,
    /** EP = BP if at least one monitor is up, else 0. */
    ONE,
    /** EP = BP·(1 − K/N) with K of N monitors down (rounding: docs/tracking.md). */
    PROGRESSIVE
}
