package org.vireo.cluster.internal.rest;

import java.nio.charset.StandardCharsets;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiRoutes;
import org.vireo.api.Audit;
import org.vireo.cluster.VersionedDocuments;

/**
 * {@code /api/v1/rules}: the web security rules file, {@code etc/vireo/rules.conf} (config sync's document
 * {@code file:vireo/rules.conf}), as text: read with its version as ETag, written whole with {@code If-Match},
 * validated by the rules' own loader ({@code 422} with its {@code file:line: what} errors), and sent to every member.
 */
@Component(service = RulesResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("rules")
public class RulesResource {

    static final String DOCUMENT = "file:vireo/rules.conf";
    private static final String TEXT = MediaType.TEXT_PLAIN + ";charset=utf-8";

    @Reference
    VersionedDocuments documents;

    @GET
    @Produces({MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON})
    public Response read() {
        return new DocumentRoutes(documents).read(DOCUMENT, RulesResource::text, TEXT).response();
    }

    @PUT
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces({MediaType.TEXT_PLAIN, MediaType.APPLICATION_JSON})
    public Response write(String rules, @Context HttpHeaders headers, @Context SecurityContext who) {
        Answer done = new DocumentRoutes(documents).write(DOCUMENT, "/api/v1/rules",
            headers.getRequestHeader(HttpHeaders.IF_MATCH), headers.getRequestHeader("If-None-Match"),
            now -> (rules == null ? "" : rules).getBytes(StandardCharsets.UTF_8), RulesResource::text,
            (what, before, after) -> Audit.write(who, what, before, after));
        return (done.status() == 200 ? new Answer(200, done.etag(), TEXT, done.body()) : done).response();
    }

    private static Object text(org.vireo.cluster.VersionedDocument d) {
        return new String(d.content(), StandardCharsets.UTF_8);
    }
}
