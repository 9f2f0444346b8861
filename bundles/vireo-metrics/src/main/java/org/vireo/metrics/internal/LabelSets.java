package org.vireo.metrics.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.prometheus.metrics.model.snapshots.Labels;

/**
 * The label sets of the last scrape, kept for the next one. client_java checks every label name each time a
 * {@link Labels} is made, with a new UTF-8 encoder per name: half of the bytes a scrape of 64 instances and 64
 * scanners allocated and a fifth of its CPU (docs/benchmarks.md, "Management API"); a node's label sets change only
 * with its configuration. A set no scrape asked for is forgotten at the end of the next one ({@link #scrapeDone}),
 * so this holds at most two scrapes' sets: a removed instance's labels do not stay. Not thread-safe: one scrape at a
 * time ({@link MetricsResource} takes its lock).
 */
final class LabelSets {

    private Map<Key, Labels> previous = new HashMap<>();
    private Map<Key, Labels> current = new HashMap<>();

    /** The labels of these name and value pairs, the same object as in the last scrape when it had them. */
    Labels of(String... pairs) {
        // the varargs array is the caller's own, made for this call: it can be the key as it is
        Key key = new Key(pairs);
        Labels labels = current.get(key);
        if (labels == null) {
            labels = previous.remove(key);
            if (labels == null) {
                labels = Labels.of(pairs);
            }
            current.put(key, labels);
        }
        return labels;
    }

    /** Ends a scrape: what it used is kept for the next, what only the one before used is dropped. */
    void scrapeDone() {
        previous = current;
        current = new HashMap<>(Math.max(16, previous.size() * 2));
    }

    /** The pairs as a key: compared element by element, without the iterators a List's equals makes. */
    private record Key(String[] pairs) {

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(pairs, k.pairs);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(pairs);
        }

        @Override
        public String toString() {
            return Arrays.toString(pairs);
        }
    }

    /** How many sets are kept (for tests). */
    int size() {
        return previous.size() + current.size();
    }
}
