package org.vireo.node;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Whiteboard: work that must end before this node lets a virtual router's addresses go of its own will, so that a
 * service depending on them can stop first (a pre-release hook, docs/notifications.md). Of its own will: a master
 * stopping (SIGTERM, Karaf's shutdown, its bundle or feature stopped by a role switch, its configuration restarted) or
 * resigning. The master goes on advertising and holding the addresses until every gate's stage has completed, at most
 * the instance's {@code releaseHoldMaxSeconds}; a crash, a preemption by a higher-priority router and a fault let the
 * addresses go at once and never ask.
 */
@FunctionalInterface
public interface ReleaseGate {

    /**
     * What is about to be released.
     *
     * @param instance      the VRRP instance's name
     * @param vrid          its virtual router id
     * @param interfaceName its interface
     * @param priority      its effective priority now
     * @param addresses     its virtual addresses, as literals
     * @param cause         why it lets them go, in words ("stopping: SIGTERM", "resigning for 60 s")
     */
    record Release(String instance, int vrid, String interfaceName, int priority, List<String> addresses,
                   String cause) {

        public Release {
            addresses = List.copyOf(addresses);
        }
    }

    /**
     * Starts what must end before the release and returns at once (the caller waits, not this method); the stage
     * completes when it has ended, normally or not: the release goes on either way.
     */
    CompletionStage<?> beforeRelease(Release release);
}
