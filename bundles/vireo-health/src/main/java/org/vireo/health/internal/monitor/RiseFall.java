package org.vireo.health.internal.monitor;

import org.vireo.health.Health;

/**
 * The health rule, as in HAProxy and keepalived: a monitor starts {@link Health#UNKNOWN}, is {@link Health#UP}
 * after {@code rise} successes in a row and {@link Health#DOWN} after {@code fall} failures in a row, whatever it
 * was before. The first verdict takes the same runs as any later one: a check that races the start of what it
 * checks (the balancer's check of a scanner that is about to listen) is one failure, not a verdict. HAProxy and
 * keepalived start a server as up, so it too takes {@code fall} failures to be marked down; UNKNOWN still counts
 * as down for tracking, and the failures shown say what was seen.
 * Pure and not thread-safe: its owner serializes the calls. Public for the tracking simulation, which runs
 * flapping checks through it.
 */
public final class RiseFall {

    private final int rise;
    private final int fall;
    private Health health;
    private int successes;
    private int failures;

    public RiseFall(int rise, int fall) {
        this(rise, fall, Health.UNKNOWN, 0, 0);
    }

    private RiseFall(int rise, int fall, Health health, int successes, int failures) {
        if (rise < 1 || fall < 1) {
            throw new IllegalArgumentException("rise " + rise + " and fall " + fall + ": both at least 1");
        }
        this.rise = rise;
        this.fall = fall;
        this.health = health;
        this.successes = Math.min(successes, rise);
        this.failures = Math.min(failures, fall);
    }

    /** The same health and runs under new thresholds (a re-tuned monitor keeps its verdict). */
    RiseFall withThresholds(int newRise, int newFall) {
        return new RiseFall(newRise, newFall, health, successes, failures);
    }

    /** Counts one result; returns whether the health changed. */
    public boolean record(boolean success) {
        Health before = health;
        if (success) {
            failures = 0;
            successes = Math.min(successes + 1, rise); // capped: "2/2" reads better than "5000/2"
            if (successes == rise) {
                health = Health.UP;
            }
        } else {
            successes = 0;
            failures = Math.min(failures + 1, fall);
            if (failures == fall) {
                health = Health.DOWN;
            }
        }
        return health != before;
    }

    public Health health() {
        return health;
    }

    /** Successes in a row, at most {@code rise}. */
    int successes() {
        return successes;
    }

    /** Failures in a row, at most {@code fall}. */
    int failures() {
        return failures;
    }

    int rise() {
        return rise;
    }

    int fall() {
        return fall;
    }
}
