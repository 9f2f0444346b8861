package org.vireo.cluster;

import java.util.List;
import java.util.Optional;

/**
 * This node's configuration documents with their versions, read and written the way the management API's config and
 * rules routes and {@code cluster:resolve} do: a write names the version it was based on and is refused when that is
 * no longer the current one, validated by the parse of the bundle that runs the document, and written where the node
 * reads it (ConfigurationAdmin, so Karaf writes {@code etc/<pid>.cfg}; the file under {@code etc/}).
 *
 * <p>Documents are {@code pid:<PID>} and {@code file:<path under etc/>}. A replicated one (config sync's patterns)
 * has the version of its current edit, {@code <millis>.<counter>@<node>}, the same on every node; a write is an edit
 * made here, versioned and sent to the members at once, and its version check and edit are one step on config sync's
 * thread, so no change of a member or of this node comes in between. A node-local PID has a version of its content,
 * {@code local:<hex>} (a keyed digest: it tells nothing of a password in it), which changes with any change of it and
 * when the node restarts.
 */
public interface VersionedDocuments {

    /** Vireo's configuration PIDs on this node ({@code org.vireo.*}) and the replicated ones, by id. */
    List<VersionedDocument> configurations() throws DocumentException;

    /** The document as this node holds it; empty when it does not exist here (or was deleted). */
    Optional<VersionedDocument> read(String id) throws DocumentException;

    /**
     * Makes {@code content} the document's content (a {@code pid:} document's canonical text:
     * {@link org.vireo.config.ConfigurationText}).
     *
     * @param expectedVersion the version the change is based on; empty: the document must not exist yet
     * @return the document after the write, with its new version (the same one when the content did not change)
     * @throws DocumentException {@code STALE} with the current version, {@code REFUSED} with the validator's
     *                           messages (nothing is written), {@code NOT_WRITABLE} when no validator here checks
     *                           it, {@code UNAVAILABLE} before config sync has started
     */
    VersionedDocument write(String id, byte[] content, Optional<String> expectedVersion) throws DocumentException;

    /**
     * Resolves the conflict of a replicated document by keeping one of its edits: the winner (in force), or an edit
     * that lost, whose content becomes current again. Either way it is a new edit, made knowing both sides, and the
     * conflict leaves {@code cluster:conflicts} on every node.
     *
     * @param keep the version to keep, as {@code cluster:conflicts} lists it
     * @throws DocumentException {@code NOT_FOUND} when no conflict involves that version (or its content never
     *                           reached this node), {@code REFUSED} when this node's validators refuse its content
     */
    Resolution resolve(DocumentVersion keep) throws DocumentException;

    /**
     * What a resolution left.
     *
     * @param document the document's id
     * @param kept     the version that was kept
     * @param replaced the version in force before: the conflict's winner
     * @param version  the resolution's own version, now the document's
     */
    record Resolution(String document, DocumentVersion kept, DocumentVersion replaced, DocumentVersion version) {

        /** Whether the winner was kept (else a lost edit's content came back). */
        public boolean keptWinner() {
            return kept.equals(replaced);
        }
    }
}
