package org.vireo.api;

/** Who may call a route: anyone, a logged-in viewer, or an admin (JAAS roles {@code viewer} and {@code admin}). */
public enum Access {
    /** The health check for load balancers, the login itself. */
    NONE,
    /** Reads: what a safe method ({@code GET}, {@code HEAD}, {@code OPTIONS}) needs unless its route says else. */
    VIEWER,
    /** Writes: what every other method needs unless its route says else. */
    ADMIN
}
