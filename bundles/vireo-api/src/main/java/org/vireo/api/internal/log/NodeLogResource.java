package org.vireo.api.internal.log;

import java.util.List;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiRoutes;
import org.vireo.api.QueryParams;

/**
 * {@code GET /api/v1/node/log}: the node's recent warnings and errors, oldest first; a resource of its own beside
 * {@code /node} (JAX-RS matches the longer path first).
 */
@Component(service = NodeLogResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("node/log")
@Produces(MediaType.APPLICATION_JSON)
public class NodeLogResource {

    static final String WHAT = "a log line";

    /**
     * A page of the node's recent log.
     *
     * @param last    the number of the newest line the node holds (of any level kept): poll with {@code after=last}
     * @param entries the lines, oldest first
     */
    public record LogPage(long last, List<LogLine> entries) {
    }

    @Reference
    private NodeLog log;

    /**
     * @param level {@code warn} (default: warnings and errors) or {@code error}
     * @param after without it, the newest {@code limit} lines; with it, the first {@code limit} after that number
     * @param limit 1-1000, default 100
     */
    @GET
    public LogPage read(@QueryParam("level") String level, @QueryParam("after") String after,
                        @QueryParam("limit") String limit) {
        LogLevel least = QueryParams.checked(() -> LogLevel.parse(level));
        long from = QueryParams.checked(() -> QueryParams.after(after, WHAT));
        int n = QueryParams.checked(() -> QueryParams.limit(limit));
        long last = log.last(); // before the read: a line logged meanwhile is read again by a poller, never lost
        return new LogPage(last, log.read(least, from, n));
    }
}
