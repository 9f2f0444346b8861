package org.vireo.cluster.internal.rest;

import java.time.Instant;
import java.util.HexFormat;

import org.vireo.cluster.internal.sync.Edit;

/**
 * One edit of a replicated document.
 *
 * @param version   {@code <millis>.<counter>@<node>}, unique in the cluster
 * @param madeAt    when the edit was made (its version's clock); null for a node's initial document (first start)
 * @param deleted   the edit deleted the document
 * @param sizeBytes the content's length
 * @param sha256    the content's SHA-256 in hex; null for a deletion
 */
public record EditView(String version, String madeAt, boolean deleted, long sizeBytes, String sha256) {

    static EditView of(Edit e) {
        return new EditView(e.version().toString(),
            e.initial() ? null : Instant.ofEpochMilli(e.version().millis()).toString(), e.deleted(), e.size(),
            e.deleted() ? null : HexFormat.of().formatHex(e.sha256()));
    }
}
