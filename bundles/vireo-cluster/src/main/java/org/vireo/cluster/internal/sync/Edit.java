package org.vireo.cluster.internal.sync;

import java.util.Arrays;
import java.util.HexFormat;

import org.vireo.cluster.DocumentVersion;

/**
 * One change of a document, as every node remembers it (without its content, which only the current edit and
 * the edits that lost a conflict keep).
 *
 * @param version    its version; unique in the cluster
 * @param seen       what it was made on top of, itself included
 * @param deleted    a deletion (tombstone)
 * @param sha256     the content's digest (of nothing for a deletion)
 * @param size       the content's length in bytes
 * @param resolution an operator's resolution of the conflicts it saw ({@code cluster:resolve}): every edit it saw,
 *                   winners and losers, is settled; none of them counts as lost any more. A property of the edit, so
 *                   it travels, merges and converges with it like any other edit
 */
public record Edit(DocumentVersion version, VersionVector seen, boolean deleted, byte[] sha256, long size,
                   boolean resolution) implements Comparable<Edit> {

    public Edit {
        sha256 = sha256.clone();
    }

    /** An ordinary edit (not a resolution). */
    public Edit(DocumentVersion version, VersionVector seen, boolean deleted, byte[] sha256, long size) {
        this(version, seen, deleted, sha256, size, false);
    }

    /** The document as its node found it at its first start, before any cluster change: never a conflict's loser. */
    public boolean initial() {
        return version.millis() == 0;
    }

    /** Whether this edit saw {@code other} (was made after it, knowing it). */
    public boolean saw(Edit other) {
        return !equals(other) && seen.covers(other.seen);
    }

    /** Whether the two edits leave the document the same. */
    public boolean sameOutcome(Edit other) {
        return deleted == other.deleted && Arrays.equals(sha256, other.sha256);
    }

    public String shortDigest() {
        return deleted ? "deleted" : HexFormat.of().formatHex(sha256, 0, 6);
    }

    @Override
    public byte[] sha256() {
        return sha256.clone();
    }

    /** Ordered by version: the highest one is the document's current edit. */
    @Override
    public int compareTo(Edit other) {
        return version.compareTo(other.version);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Edit e && version.equals(e.version);
    }

    @Override
    public int hashCode() {
        return version.hashCode();
    }

    @Override
    public String toString() {
        return version + (deleted ? " (deleted" : " (" + size + " bytes, " + shortDigest()) + (resolution
            ? ", a resolution)" : ")");
    }
}
