package org.vireo.cluster;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * Probes run by another member: it opens connections to (or sends requests to) a target at a fixed rate and
 * reports every attempt, so that what is measured crosses the wire between members, as a client's traffic does
 * (a failover drill probes its VIP from a third member). Every role runs the prober.
 */
public interface MemberProbes {

    /** The shortest interval between attempts. */
    Duration MIN_INTERVAL = Duration.ofMillis(2);
    /** The longest probe. */
    Duration MAX_DURATION = Duration.ofMinutes(2);

    /** Has {@code member} probe (this node itself when it is this node's name); see {@link MemberCalls#call}. */
    CompletableFuture<Result> probe(String member, Request request);

    /**
     * What to probe and how.
     *
     * @param target   {@code tcp:<host>:<port>} (a connection opened and closed) or an {@code http://} URL (a GET
     *                 on a new connection; any status is an answer)
     * @param interval between the starts of two attempts, at least {@link #MIN_INTERVAL}; attempts overlap when
     *                 one takes longer
     * @param duration how long the probe runs, at most {@link #MAX_DURATION}
     * @param timeout  the longest an attempt may take before it counts as failed
     */
    record Request(String target, Duration interval, Duration duration, Duration timeout) {

        public Request {
            if (!target.startsWith("tcp:") && !target.startsWith("http://")) {
                throw new IllegalArgumentException("probe target " + target + ": give tcp:<host>:<port> or an"
                    + " http:// URL");
            }
            if (target.startsWith("tcp:")) {
                tcpPort(target);
            } else {
                URI uri = URI.create(target);
                if (uri.getHost() == null) {
                    throw new IllegalArgumentException("probe target " + target + ": the URL has no host");
                }
            }
            if (interval.compareTo(MIN_INTERVAL) < 0 || duration.compareTo(MAX_DURATION) > 0
                || duration.compareTo(interval) < 0 || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "probe of %s: an interval from %d ms,"
                    + " a duration up to %d s and at least one interval, a timeout above 0; not %d ms, %d ms, %d ms",
                    target, MIN_INTERVAL.toMillis(), MAX_DURATION.toSeconds(), interval.toMillis(),
                    duration.toMillis(), timeout.toMillis()));
            }
        }

        /** The host of a {@code tcp:} target (an IPv6 literal in brackets or not). */
        public static String tcpHost(String target) {
            String hostPort = target.substring("tcp:".length());
            String host = hostPort.substring(0, hostPort.lastIndexOf(':'));
            return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        }

        /** The port of a {@code tcp:} target. */
        public static int tcpPort(String target) {
            String hostPort = target.substring("tcp:".length());
            int colon = hostPort.lastIndexOf(':');
            try {
                int port = colon <= 0 ? -1 : Integer.parseInt(hostPort.substring(colon + 1));
                if (port < 1 || port > 65535) {
                    throw new NumberFormatException();
                }
                return port;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("probe target " + target + ": give tcp:<host>:<port> with a port"
                    + " from 1 to 65535 ([addr]:port for IPv6)");
            }
        }
    }

    /**
     * One attempt: when it started and ended (nanoseconds from the probe's start) and whether it got an answer.
     *
     * @param error why it failed (empty when it succeeded)
     */
    record Attempt(long startNanos, long endNanos, boolean ok, String error) {
    }

    /**
     * What a probe saw.
     *
     * @param member   who ran it
     * @param started  when its first attempt started (the member's clock)
     * @param attempts every attempt, in the order they started
     */
    record Result(String member, String target, Instant started, List<Attempt> attempts) {

        public Result {
            attempts = List.copyOf(attempts);
        }

        /** The attempts that got no answer. */
        public long failed() {
            return attempts.stream().filter(a -> !a.ok()).count();
        }

        /**
         * The longest time without an answer: the longest span between the starts of two attempts that succeeded in
         * turn (an attempt's interval when none failed), as a ping's longest gap between answered requests; empty when
         * fewer than two succeeded.
         */
        public java.util.Optional<Gap> longestGap() {
            Gap longest = null;
            Attempt previous = null;
            for (Attempt a : attempts) {
                if (!a.ok()) {
                    continue;
                }
                if (previous != null && (longest == null || a.startNanos() - previous.startNanos() > longest.nanos())) {
                    longest = new Gap(previous.startNanos(), a.startNanos() - previous.startNanos());
                }
                previous = a;
            }
            return java.util.Optional.ofNullable(longest);
        }
    }

    /** A span without an answer: from the start of the last answered attempt before it, nanoseconds from the start. */
    record Gap(long fromNanos, long nanos) {

        public Duration duration() {
            return Duration.ofNanos(nanos);
        }
    }
}
