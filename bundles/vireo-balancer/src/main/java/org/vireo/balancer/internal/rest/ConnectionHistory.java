package org.vireo.balancer.internal.rest;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.vireo.api.LiveFeed;
import org.vireo.api.TailRing;
import org.vireo.balancer.ScannerStats;

/**
 * The connections each scanner had, sampled every {@link #INTERVAL} for the last {@value #HELD} samples (ten
 * minutes): the balancer page's chart. A client of {@code GET /api/v1/balancer/live} is sent the samples after its
 * cursor ({@code event: samples}): all those held when it opens, then each new one.
 */
final class ConnectionHistory implements LiveFeed.Tick<Long> {

    static final Duration INTERVAL = Duration.ofSeconds(5);
    static final int HELD = 120;

    /** One scanner in a sample: its connections open then, and forwarded to it in all. */
    record Point(String scanner, int active, long total) {
    }

    /** The scanner table at one time ({@code time}: ISO-8601, UTC, to the millisecond), in table order. */
    record Sample(long seq, String time, List<Point> scanners) implements TailRing.Numbered {
    }

    /** What a client is sent at once: the samples, oldest first, and how far apart they are taken. */
    record Samples(long intervalSeconds, List<Sample> samples) {
    }

    private final TailRing<Sample> ring = new TailRing<>(HELD);

    void sample(Instant time, List<ScannerStats> scanners) {
        ring.put(new Sample(ring.claim(), time.truncatedTo(ChronoUnit.MILLIS).toString(),
            scanners.stream().map(s -> new Point(s.id(), s.active(), s.connections())).toList()));
    }

    @Override
    public Long send(LiveFeed.Events out, Long after) {
        List<Sample> samples = ring.read(after, s -> true, HELD);
        if (samples.isEmpty()) {
            return after;
        }
        out.send("samples", new Samples(INTERVAL.toSeconds(), samples));
        return samples.get(samples.size() - 1).seq();
    }
}
