package org.vireo.cluster.internal.rest;

import java.util.List;

import org.vireo.cluster.internal.sync.DocumentRecord;

/**
 * {@code GET /api/v1/cluster/conflicts}: one document whose concurrent edits conflicted, as
 * {@code cluster:conflicts} lists it: the edit that won (in force on every node) and those that lost, newest first.
 */
public record ConflictView(String document, EditView winner, List<LostEdit> lost) {

    /**
     * An edit that lost.
     *
     * @param contentKept this node keeps its content ({@code GET /api/v1/cluster/conflicts/<version>}); false when
     *                    it never received it
     */
    public record LostEdit(EditView edit, boolean contentKept) {
    }

    static ConflictView of(DocumentRecord r) {
        return new ConflictView(r.id(), EditView.of(r.current()), r.losers().stream()
            .map(e -> new LostEdit(EditView.of(e), r.contentOf(e.version()).isPresent())).toList());
    }
}
