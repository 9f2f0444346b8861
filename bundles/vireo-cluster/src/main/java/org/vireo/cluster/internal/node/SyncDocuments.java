package org.vireo.cluster.internal.node;

import java.util.Optional;

import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.docs.Validators;
import org.vireo.cluster.internal.sync.DocumentRecord;

/**
 * What {@link DocumentService} asks of this node's cluster component: whether a document is replicated and checked
 * here, and the reads, writes and resolutions of replicated documents, each on the sync thread.
 */
public interface SyncDocuments {

    /** Whether this node's patterns replicate {@code id}. */
    boolean replicated(String id);

    /** The validators registered on this node: what checks a document, replicated or not. */
    Validators validators();

    /**
     * The record of a replicated document as a write would compare with it: after taking up a change made here that no
     * event has reported yet.
     *
     * @throws DocumentException {@code UNAVAILABLE} while config sync has not started
     */
    Optional<DocumentRecord> current(String id) throws DocumentException;

    /** The management API's write of a replicated document ({@code SyncEngine.write}), on the sync thread. */
    DocumentVersion write(String id, byte[] content, Optional<String> expected) throws DocumentException;

    /** Resolves the conflict {@code keep} is part of ({@code SyncEngine.resolve}), on the sync thread. */
    VersionedDocuments.Resolution resolve(DocumentVersion keep) throws DocumentException;
}
