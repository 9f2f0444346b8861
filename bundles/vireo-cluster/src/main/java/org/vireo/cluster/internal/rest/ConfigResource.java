package org.vireo.cluster.internal.rest;

import java.io.IOException;
import java.util.Map;
import java.util.regex.Pattern;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;
import org.osgi.service.metatype.MetaTypeService;

import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.Audit;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.config.ConfigErrors;

/**
 * {@code /api/v1/config}: this node's configuration PIDs (Vireo's and the replicated ones) with their versions;
 * {@code /config/<pid>}: one of them, read, and written whole with {@code If-Match} through the same service and
 * validation as config sync and the {@code .cfg} files; {@code /config/<pid>/schema}: its metatype.
 */
@Component(service = ConfigResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("config")
@Produces(MediaType.APPLICATION_JSON)
public class ConfigResource {

    /** What a PID may be made of (config sync's rule for replicated ones): a path segment, never a pattern. */
    private static final Pattern PID = Pattern.compile("[A-Za-z0-9._~-]{1,200}");
    private static final String PREFIX = "pid:";

    @Reference
    VersionedDocuments documents;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile MetaTypeService metaTypes;

    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    static String pid(String id) {
        return id.substring(PREFIX.length());
    }

    @GET
    public Response all() {
        try {
            return Response.ok(documents.configurations().stream().map(ConfigView.Entry::of).toList()).build();
        } catch (DocumentException e) {
            return new ApiError(e.kind() == DocumentException.Kind.UNAVAILABLE ? 503 : 500, e.getMessage()).response()
                .build();
        }
    }

    @GET
    @Path("{pid}")
    public Response one(@PathParam("pid") String pid) {
        if (!PID.matcher(pid).matches()) {
            return noSuch(pid);
        }
        return new DocumentRoutes(documents).read(PREFIX + pid, ConfigView::of, MediaType.APPLICATION_JSON).response();
    }

    /** The whole configuration: a key left out is removed; a secret given as {@value ConfigJson#HIDDEN} is kept. */
    @PUT
    @Path("{pid}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response write(@PathParam("pid") String pid, Map<String, Object> properties, @Context HttpHeaders headers,
                          @Context SecurityContext who) {
        if (!PID.matcher(pid).matches()) {
            return noSuch(pid);
        }
        return new DocumentRoutes(documents).write(PREFIX + pid, "/api/v1/config/" + pid,
            headers.getRequestHeader(HttpHeaders.IF_MATCH), headers.getRequestHeader("If-None-Match"),
            now -> ConfigJson.content(properties, now.map(d -> d.content())), ConfigView::of,
            (what, before, after) -> Audit.write(who, what, before, after)).response();
    }

    @GET
    @Path("{pid}/schema")
    public Response schema(@PathParam("pid") String pid) throws IOException {
        MetaTypeService service = metaTypes;
        if (service == null) {
            return new ApiError(503, "the MetaType service is not running on this node").response().build();
        }
        if (!PID.matcher(pid).matches()) {
            return noSuch(pid);
        }
        return Metatypes.schema(service, context.getBundles(), pid).map(s -> Response.ok(s).build())
            .orElseGet(() -> new ApiError(404, "no metatype of " + pid + " on this node (its bundle gives none, or"
                + " does not run here)").response().build());
    }

    private static Response noSuch(String pid) {
        return new ApiError(404, "no configuration '" + ConfigErrors.shorten(pid, 64) + "' on this node: a PID is"
            + " 1-200 of A-Za-z0-9._~- (GET /api/v1/config lists them)").response().build();
    }
}
