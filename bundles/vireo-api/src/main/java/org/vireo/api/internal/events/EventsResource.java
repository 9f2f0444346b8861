package org.vireo.api.internal.events;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentHashMap;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.GET;
import javax.ws.rs.HeaderParam;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseEventSink;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.QueryParams;
import org.vireo.events.EventLog;
import org.vireo.events.NodeEvent;
import org.vireo.node.NodeIdentity;

/**
 * {@code GET /api/v1/events}: the node's event log as Server-Sent Events, from the client's {@code Last-Event-ID} (or
 * {@code ?after=}) on, else the events to come; {@code GET /api/v1/events/recent}: a page of it as JSON, for scripts
 * and the console's first paint. Each stream is a subscription of the log with its own thread and bounded backlog: a
 * client that falls behind is told and closed, and never slows the node (docs/api.md#events).
 */
@Component(service = EventsResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("events")
public class EventsResource {

    /** A comment this often on a stream without events: Jetty's idle timeout (30 s) would close a quiet one. */
    static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

    @Reference
    private EventLog log;
    @Reference
    private NodeIdentity identity;

    private final Set<SseStream> streams = ConcurrentHashMap.newKeySet();

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void stream(@Context SseEventSink sink, @Context Sse sse, @HeaderParam("Last-Event-ID") String lastEventId,
                       @QueryParam("after") String after, @Context SecurityContext who,
                       @Context HttpServletRequest request, @Context HttpServletResponse response) {
        long start = QueryParams.checked(() -> EventQuery.streamStart(lastEventId, after));
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Accel-Buffering", "no"); // a reverse proxy in front must not hold the stream back
        String name = "sse " + (who.getUserPrincipal() == null ? "?" : who.getUserPrincipal().getName()) + "@"
            + request.getRemoteAddr() + ":" + request.getRemotePort();
        SseStream stream = new SseStream(sink, sse, identity::name, Instant::now, streams::remove);
        streams.add(stream);
        try {
            log.subscribe(name, start, KEEP_ALIVE, stream);
        } catch (IllegalStateException full) {
            streams.remove(stream);
            throw refused(503, full.getMessage() + "; try again later");
        }
        // the response's head goes out now, not with the first event: the client knows it is subscribed
        sink.send(sse.newEventBuilder().comment("events of " + identity.name() + " from "
            + (start == EventLog.LIVE ? "now" : "after " + start)).build());
    }

    /** {@code {"last": 42, "events": [...]}}: {@code last} is the log's last number when it answered. */
    @GET
    @Path("recent")
    @Produces(MediaType.APPLICATION_JSON)
    public Response recent(@QueryParam("after") String after, @QueryParam("limit") String limit) {
        int n = QueryParams.checked(() -> EventQuery.limit(limit));
        List<NodeEvent> events = after == null || after.isBlank() ? log.latest(n)
            : log.read(QueryParams.checked(() -> EventQuery.sequence("after", after)), n);
        String node = identity.name();
        StringJoiner json = new StringJoiner(",", "{\"last\":" + log.lastSequence() + ",\"events\":[", "]}");
        events.forEach(e -> json.add(e.toJson(node)));
        return Response.ok(json.toString(), MediaType.APPLICATION_JSON_TYPE).build();
    }

    /**
     * Ends the open streams: their clients see the end at once; each one's subscription ends at its next send, at
     * most a keep-alive later.
     */
    @Deactivate
    void deactivate() {
        streams.forEach(SseStream::close);
    }

    private static WebApplicationException refused(int status, String message) {
        return new WebApplicationException(new ApiError(status, message).response().build());
    }
}
