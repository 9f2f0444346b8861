package org.vireo.health.internal.track.sim;

import org.vireo.health.Health;

/**
 * The rise/fall rule a monitor applies to its check results, as this simulation needs it (the real class,
 * org.vireo.health.internal.monitor, is being written in parallel; the integrator switches this to it):
 * a monitor starts UNKNOWN (down for tracking); it is UP after {@code rise} successes in a row; it is DOWN
 * after the first failure while UNKNOWN, or after {@code fall} failures in a row while UP; DOWN turns UP
 * after {@code rise} successes in a row.
 */
final class RiseFallModel {
    private final int rise;
    private final int fall;
    private Health health = Health.UNKNOWN;
    private int successes;
    private int failures;

    RiseFallModel(int rise, int fall) {
        this.rise = rise;
        this.fall = fall;
    }

    /** One finished check; returns the health after it. */
    Health check(boolean success) {
        if (success) {
            successes++;
            failures = 0;
            if (health != Health.UP && successes >= rise) {
                health = Health.UP;
            }
        } else {
            failures++;
            successes = 0;
            if (health == Health.UNKNOWN || health == Health.UP && failures >= fall) {
                health = Health.DOWN;
            }
        }
        return health;
    }

    Health health() {
        return health;
    }
}
