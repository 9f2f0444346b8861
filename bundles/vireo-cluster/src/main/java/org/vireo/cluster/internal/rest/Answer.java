package org.vireo.cluster.internal.rest;

import java.util.Optional;

import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * What a route answers, as a value: its logic ({@link DocumentRoutes}) is tested on these, and the resource makes the
 * JAX-RS response of it.
 *
 * @param status the HTTP status
 * @param etag   the document's version, sent as a strong entity tag in {@code ETag}
 * @param type   the body's media type
 * @param body   what Jackson writes (JSON), or the text
 */
record Answer(int status, Optional<String> etag, String type, Object body) {

    static Answer json(int status, Object body) {
        return new Answer(status, Optional.empty(), MediaType.APPLICATION_JSON, body);
    }

    Answer withEtag(Optional<String> version) {
        return new Answer(status, version, type, body);
    }

    Response response() {
        Response.ResponseBuilder out = Response.status(status).type(type).entity(body);
        etag.ifPresent(v -> out.header(HttpHeaders.ETAG, EntityTags.quote(v)));
        return out.build();
    }
}
