package org.vireo.health;

/** A monitor's verdict, after rise/fall. */
public enum Health {
    /** No check has finished yet; counts as down for tracking. */
    UNKNOWN,
    UP,
    DOWN
}
