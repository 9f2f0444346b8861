package org.vireo.health.internal.monitor;

import java.util.concurrent.CompletableFuture;

import org.vireo.health.CheckResult;

/** One kind of check, set up for one monitor. */
interface Check {

    /**
     * Starts one check without blocking the caller (a scheduler thread). The future completes by itself with the
     * outcome; cancelling it stops the check for real: the socket closed, the request cancelled, the process and
     * its descendants killed.
     */
    CompletableFuture<CheckResult> start();
}
