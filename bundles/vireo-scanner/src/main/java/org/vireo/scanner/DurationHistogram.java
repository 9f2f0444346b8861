package org.vireo.scanner;

import java.util.List;

/**
 * Durations counted in buckets: {@code counts.get(i)} durations were at most {@code upperBoundsSeconds.get(i)}
 * and above the bound before it (not cumulative); the last count is of those above every bound. So a scraper gets
 * percentiles over any window, where an average hides the slow tail.
 */
public record DurationHistogram(List<Double> upperBoundsSeconds, List<Long> counts, double sumSeconds) {

    public DurationHistogram {
        upperBoundsSeconds = List.copyOf(upperBoundsSeconds);
        counts = List.copyOf(counts);
        if (counts.size() != upperBoundsSeconds.size() + 1) {
            throw new IllegalArgumentException(counts.size() + " counts for " + upperBoundsSeconds.size()
                + " bounds: expected one more count than bounds (the last is above every bound)");
        }
    }

    /** How many durations were counted. */
    public long count() {
        return counts.stream().mapToLong(Long::longValue).sum();
    }
}
