package org.vireo.api;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/** The body of every refusal the API makes: {@code {"status": 403, "error": "what was wrong, what would do"}}. */
public record ApiError(int status, String error) {

    public Response.ResponseBuilder response() {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(this);
    }
}
