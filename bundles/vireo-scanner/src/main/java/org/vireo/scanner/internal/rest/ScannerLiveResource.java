package org.vireo.scanner.internal.rest;

import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
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

import org.vireo.api.ApiRoutes;
import org.vireo.api.LiveFeed;
import org.vireo.api.QueryParams;
import org.vireo.scanner.ProxyStatsSource;
import org.vireo.scanner.internal.proxy.ProxyComponent;

/**
 * {@code GET /api/v1/scanner/live}: the proxy's counters ({@code /scanner}) and the access log's new exchanges
 * ({@code /scanner/access-log}), pushed once a second as Server-Sent Events: what the console's scanner page shows
 * live (rates by status class, the latency histogram, the access-log tail) without asking again. The exchanges start
 * after {@code ?after=<seq>}, else with the newest {@value #FIRST}. One ticker thread serves every stream and never
 * waits for a client ({@link LiveFeed}); at most {@value #MAX_STREAMS} streams at once, one more is 503.
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

    private LiveFeed<Long> feed;

    @Activate
    void activate() {
        feed = new LiveFeed<>("the scanner", MAX_STREAMS,
            new ScannerLiveTick(() -> ProxyView.of(stats.stats()), proxy::recentAccess));
    }

    @Deactivate
    void deactivate() {
        feed.close();
    }

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void live(@Context SseEventSink sink, @Context Sse sse, @QueryParam("after") String after,
                     @Context HttpServletResponse response) {
        long last = proxy.recentAccess().last();
        long from = after == null ? Math.max(0, last - FIRST)
            : QueryParams.checked(() -> QueryParams.after(after, AccessLogResource.WHAT));
        feed.open(sink, sse, from, response);
    }
}
