package org.vireo.balancer.internal.rest;

import java.time.Clock;

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
import org.vireo.balancer.Balancer;

/**
 * {@code GET /api/v1/balancer/live}: the connections of each scanner over the last ten minutes, sampled every five
 * seconds ({@link ConnectionHistory}) and pushed as Server-Sent Events: the balancer page's chart. A client gets every
 * sample held after {@code ?after=<seq>} (else all of them), then each new one. At most {@value #MAX_STREAMS}
 * streams at once ({@link LiveFeed}).
 */
@Component(service = BalancerLiveResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("balancer/live")
public class BalancerLiveResource {

    static final int MAX_STREAMS = 16;
    static final String WHAT = "a sample";

    @Reference
    Balancer balancer;

    private LiveFeed<Long> feed;

    @Activate
    void activate() {
        ConnectionHistory history = new ConnectionHistory();
        feed = new LiveFeed<>("the balancer", MAX_STREAMS, history);
        Clock clock = Clock.systemUTC();
        // sampled while the route is there (every node runs the API), not only while someone watches
        feed.every(ConnectionHistory.INTERVAL, () -> history.sample(clock.instant(), balancer.scanners()));
    }

    @Deactivate
    void deactivate() {
        feed.close();
    }

    @GET
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void live(@Context SseEventSink sink, @Context Sse sse, @QueryParam("after") String after,
                     @Context HttpServletResponse response) {
        // none (-1): the newest HELD, which is all of them
        feed.open(sink, sse, QueryParams.checked(() -> QueryParams.after(after, WHAT)), response);
    }
}
