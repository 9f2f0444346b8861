package org.vireo.scanner.internal.rest;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseEventSink;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.QueryParams;
import org.vireo.scanner.ProxyStatsSource;
import org.vireo.scanner.internal.proxy.ProxyComponent;

/**
 * {@code GET /api/v1/scanner/live}: the proxy's counters ({@code /scanner}) and the access log's new exchanges
 * ({@code /scanner/access-log}), pushed once a second as Server-Sent Events: what the console's scanner page shows
 * live (rates by status class, the latency histogram, the access-log tail) without asking again. The exchanges start
 * after {@code ?after=<seq>}, else with the newest {@value #FIRST}. One ticker thread serves every stream and never
 * waits for a client ({@link LiveStream}); at most {@value #MAX_STREAMS} streams at once, one more is 503.
 */
@Component(service = ScannerLiveResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("scanner/live")
public class ScannerLiveResource {

    static final int MAX_STREAMS = 16;
    static final int FIRST = 50;

    @Reference
    ProxyStatsSource stats;
    @Reference
    ProxyComponent proxy;

    private final Set<LiveStream> streams = ConcurrentHashMap.newKeySet();
    private ScheduledExecutorService ticker;

    @Activate
    void activate() {
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "vireo-scanner-live");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    @Deactivate
    void deactivate() {
        ticker.shutdownNow();
        streams.forEach(LiveStream::close);
        streams.clear();
    }

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void live(@Context SseEventSink sink, @Context Sse sse, @QueryParam("after") String after,
                     @Context HttpServletResponse response) {
        long last = proxy.recentAccess().last();
        long from = after == null ? Math.max(0, last - FIRST)
            : QueryParams.checked(() -> QueryParams.after(after, AccessLogResource.WHAT));
        if (streams.size() >= MAX_STREAMS) {
            throw new WebApplicationException(new ApiError(503, MAX_STREAMS + " streams of the scanner are open"
                + " already; try again later").response().build());
        }
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Accel-Buffering", "no"); // a reverse proxy in front must not hold the stream back
        LiveStream stream = new LiveStream(sink, sse, from);
        streams.add(stream);
        ticker.execute(() -> tickOne(stream)); // the first answer now, not in a second
    }

    private void tick() {
        streams.forEach(this::tickOne);
    }

    private void tickOne(LiveStream stream) {
        try {
            if (!stream.tick(() -> ProxyView.of(stats.stats()), proxy.recentAccess())) {
                streams.remove(stream);
            }
        } catch (RuntimeException e) {
            stream.close(); // a write to a client gone: its stream ends, the others go on
            streams.remove(stream);
        }
    }
}
