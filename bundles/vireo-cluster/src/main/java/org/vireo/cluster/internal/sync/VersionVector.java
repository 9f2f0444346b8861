package org.vireo.cluster.internal.sync;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.vireo.cluster.DocumentVersion;

/**
 * What an edit had seen when it was made: per node, the highest version of that node's edits of the document.
 * Tells a later edit (one that saw the other) from a concurrent one (made on the other side of a partition, or at
 * the same time), which the versions alone cannot: HLC order is total, causality is not.
 */
public record VersionVector(SortedMap<String, DocumentVersion> seen) {

    public static final VersionVector EMPTY = new VersionVector(new TreeMap<>());

    public VersionVector {
        seen = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(seen));
    }

    /** Whether this vector saw everything {@code other} saw (equal vectors included). */
    public boolean covers(VersionVector other) {
        for (Map.Entry<String, DocumentVersion> e : other.seen.entrySet()) {
            DocumentVersion mine = seen.get(e.getKey());
            if (mine == null || mine.compareTo(e.getValue()) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Neither covers the other. */
    public boolean concurrentWith(VersionVector other) {
        return !covers(other) && !other.covers(this);
    }

    /** The pointwise maximum. */
    public VersionVector merge(VersionVector other) {
        TreeMap<String, DocumentVersion> out = new TreeMap<>(seen);
        other.seen.forEach((node, v) -> out.merge(node, v, (a, b) -> a.compareTo(b) >= 0 ? a : b));
        return new VersionVector(out);
    }

    /** This vector with {@code version} as its node's entry. */
    public VersionVector with(DocumentVersion version) {
        TreeMap<String, DocumentVersion> out = new TreeMap<>(seen);
        out.put(version.node(), version);
        return new VersionVector(out);
    }
}
