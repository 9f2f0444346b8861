package org.vireo.cluster.internal.rest;

import java.nio.charset.StandardCharsets;
import java.util.List;

import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.Audit;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.NodeRegistry;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.node.ClusterAdmin;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.config.ConfigErrors;

/**
 * {@code GET /api/v1/cluster/members}, {@code /cluster/sync} and {@code /cluster/conflicts}: what
 * {@code cluster:members}, {@code cluster:status} and {@code cluster:conflicts} show, read from the same services;
 * {@code /cluster/conflicts/<version>}: a lost edit's content, as {@code cluster:conflicts --show} prints it;
 * {@code POST /cluster/conflicts/<version>/keep}: resolves a conflict, as {@code cluster:resolve}.
 */
@Component(service = ClusterResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("cluster")
@Produces(MediaType.APPLICATION_JSON)
public class ClusterResource {

    @Reference
    NodeRegistry registry;
    @Reference
    ClusterAdmin cluster;
    @Reference
    VersionedDocuments documents;

    /** The body of {@code /cluster/conflicts/<version>}: the content as UTF-8 text; empty for a deletion. */
    public record LostContent(String document, String version, boolean deleted, String content) {

        static LostContent of(DocumentRecord r, DocumentVersion version) {
            return new LostContent(r.id(), version.toString(), r.lostEdit(version).orElseThrow().deleted(),
                new String(r.contentOf(version).orElseThrow(), StandardCharsets.UTF_8));
        }
    }

    @GET
    @Path("members")
    public MembersView members() {
        return MembersView.of(cluster.status(), registry.nodes());
    }

    @GET
    @Path("sync")
    public SyncView sync() {
        return SyncView.of(cluster.status());
    }

    @GET
    @Path("conflicts")
    public List<ConflictView> conflicts() {
        return cluster.conflicts().stream().map(ConflictView::of).toList();
    }

    /**
     * Resolves the conflict the edit {@code version} is part of by keeping it: the winner (it stays in force) or a
     * lost edit (its content comes back), as {@code cluster:resolve}; the conflict leaves the list on every node.
     */
    @POST
    @Path("conflicts/{version}/keep")
    public Response keep(@PathParam("version") String version, @Context SecurityContext who) {
        return new DocumentRoutes(documents).keep(version, (what, before, after) -> Audit.write(who, what, before,
            after)).response();
    }

    @GET
    @Path("conflicts/{version}")
    public Response lostContent(@PathParam("version") String version) {
        DocumentVersion wanted;
        try {
            wanted = DocumentVersion.parse(version);
        } catch (IllegalArgumentException e) {
            return new ApiError(400, ConfigErrors.shorten(e.getMessage(), 200)).response().build();
        }
        return cluster.keptLoser(wanted).map(r -> Response.ok(LostContent.of(r, wanted)).build())
            .orElseGet(() -> new ApiError(404, "no lost edit " + wanted + " on this node (GET /api/v1/cluster/conflicts"
                + " lists them)").response().build());
    }
}
