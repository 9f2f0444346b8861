package org.vireo.cluster.internal.rest;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import javax.ws.rs.core.MediaType;

import org.vireo.api.ApiError;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocument;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.config.ConfigErrors;

/**
 * The logic of the routes that read and write versioned documents (configuration PIDs, the rules file) and resolve
 * conflicts, on the same service as the shell ({@link VersionedDocuments}); their answers as values, their writes to
 * the audit log. A write needs a condition: {@code If-Match} with the version read ({@code 428} without; {@code 412}
 * with the current version when it is stale), or {@code If-None-Match: *} to make a document.
 */
public final class DocumentRoutes {

    /** Where a write's audit line goes: what was done, the state before and after. */
    interface Auditor {
        void write(String what, String before, String after);
    }

    /**
     * A write's content from its body and the document as it is now.
     *
     * @throws IllegalArgumentException for a body that is no content ({@code 422} with its message)
     */
    interface Body {
        byte[] content(Optional<VersionedDocument> now);
    }

    private final VersionedDocuments documents;

    DocumentRoutes(VersionedDocuments documents) {
        this.documents = documents;
    }

    /** A document as {@code view} shows it, with its version as ETag; 404 when this node has none. */
    Answer read(String id, Function<VersionedDocument, Object> view, String type) {
        try {
            return documents.read(id).map(d -> new Answer(200, d.version(), type, view.apply(d)))
                .orElseGet(() -> Answer.json(404, new ApiError(404, "no " + id + " on this node (GET /api/v1/config"
                    + " lists the configurations)")));
        } catch (DocumentException e) {
            return refusal(e, id, view);
        }
    }

    /** {@code PUT}: the document becomes what {@code body} makes, if the condition holds for its current version. */
    Answer write(String id, String route, List<String> ifMatch, List<String> ifNoneMatch, Body body,
                 Function<VersionedDocument, Object> view, Auditor audit) {
        Optional<EntityTags.Condition> condition;
        try {
            condition = EntityTags.condition(ifMatch, ifNoneMatch);
        } catch (IllegalArgumentException e) {
            return Answer.json(400, new ApiError(400, ConfigErrors.shorten(e.getMessage(), ConfigErrors.MAX_CHARS)));
        }
        if (condition.isEmpty()) {
            return Answer.json(428, new ApiError(428, "PUT " + route + " needs If-Match: \"<version>\" with the ETag"
                + " of a read (GET), or If-None-Match: * to make it: a write without one could undo a change it never"
                + " saw"));
        }
        try {
            Optional<VersionedDocument> now = documents.read(id);
            Optional<String> current = now.flatMap(VersionedDocument::version);
            byte[] content;
            try {
                content = body.content(now);
            } catch (IllegalArgumentException e) {
                String why = ConfigErrors.shorten(e.getMessage(), ConfigErrors.MAX_CHARS);
                return Answer.json(422, new Refusal(422, why, List.of(why)));
            }
            VersionedDocument done = documents.write(id, content, condition.get().expected(current));
            audit.write("PUT " + route, version(current), version(done.version()));
            return new Answer(200, done.version(), MediaType.APPLICATION_JSON, view.apply(done));
        } catch (DocumentException e) {
            return refusal(e, id, view);
        }
    }

    /** {@code POST /cluster/conflicts/<version>/keep}: resolves the conflict that edit is part of, keeping it. */
    Answer keep(String version, Auditor audit) {
        DocumentVersion keep;
        try {
            keep = DocumentVersion.parse(version);
        } catch (IllegalArgumentException e) {
            return Answer.json(400, new ApiError(400, ConfigErrors.shorten(e.getMessage(), 200)));
        }
        try {
            VersionedDocuments.Resolution r = documents.resolve(keep);
            audit.write("POST /api/v1/cluster/conflicts/" + keep + "/keep", r.document() + " version " + r.replaced()
                + " (in conflict)", "version " + r.version() + " (kept " + (r.keptWinner() ? "the winner" : "the lost"
                + " edit " + keep) + ")");
            return Answer.json(200, ResolutionView.of(r)).withEtag(Optional.of(r.version().toString()));
        } catch (DocumentException e) {
            return refusal(e, "", d -> null);
        }
    }

    private static String version(Optional<String> v) {
        return v.map(x -> "version " + x).orElse("none");
    }

    /** A refusal: nothing changed. A stale write is told the current version, as ETag and with the document. */
    private Answer refusal(DocumentException e, String id, Function<VersionedDocument, Object> view) {
        String why = ConfigErrors.shorten(String.valueOf(e.getMessage()), 4 * ConfigErrors.MAX_CHARS);
        return switch (e.kind()) {
            case STALE -> Answer.json(412, new Stale(412, why, e.currentVersion().orElse(null), current(id, view)))
                .withEtag(e.currentVersion());
            case REFUSED -> Answer.json(422, new Refusal(422, why, e.problems()));
            case NOT_WRITABLE -> Answer.json(409, new ApiError(409, why));
            case NOT_FOUND -> Answer.json(404, new ApiError(404, why));
            case UNAVAILABLE -> Answer.json(503, new ApiError(503, why));
            case FAILED -> Answer.json(500, new ApiError(500, why));
        };
    }

    private Object current(String id, Function<VersionedDocument, Object> view) {
        try {
            return documents.read(id).map(view).orElse(null);
        } catch (DocumentException e) {
            return null; // the version alone then
        }
    }

    /**
     * A {@code 412}: the version the write was based on is not the current one.
     *
     * @param version the current version (also in {@code ETag}); null when the document does not exist
     * @param current the document now, as a read shows it; null when it does not exist
     */
    public record Stale(int status, String error, String version, Object current) {
    }

    /** A {@code 422}: the validator's message, and its errors one by one (a rules file's {@code file:line: what}). */
    public record Refusal(int status, String error, List<String> problems) {
    }

    /** What a resolution answers: the document, the version kept, the one it replaced, the document's new version. */
    public record ResolutionView(String document, String kept, boolean keptWinner, String replaced, String version) {
        static ResolutionView of(VersionedDocuments.Resolution r) {
            return new ResolutionView(r.document(), r.kept().toString(), r.keptWinner(), r.replaced().toString(),
                r.version().toString());
        }
    }
}
