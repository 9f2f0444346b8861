package org.vireo.api.internal.openapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiRoutes;

/**
 * {@code GET /api/v1/openapi.json} (viewer): the OpenAPI 3 document of the whole API, every role's routes, each with
 * the feature that brings it ({@code x-vireo-feature}). Written by hand beside this class, not generated at run time:
 * the routes come from the resources of many bundles, present on some roles only, and a generator (Aries'
 * swagger-jaxrs2 feature) would add its dependencies to every node. Its tests (docs/api.md#the-openapi-document)
 * validate it, and compare it with the resource classes and with the routes the running whiteboard serves.
 */
@Component(service = OpenApiResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path(OpenApiResource.PATH)
public class OpenApiResource {

    static final String PATH = "openapi.json";
    /** Where the document is in this bundle (beside this class). */
    public static final String RESOURCE = "org/vireo/api/internal/openapi/openapi.json";

    private final String document = read();

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response document() {
        return Response.ok(document, MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8")).build();
    }

    /** The document as this bundle holds it. */
    static String read() {
        try (InputStream in = OpenApiResource.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the bundle");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
