package org.vireo.scanner.internal.rest;

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
import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.scanner.internal.access.AccessQuery;
import org.vireo.scanner.internal.access.AccessView;
import org.vireo.scanner.internal.proxy.ProxyComponent;

/**
 * {@code GET /api/v1/scanner/access-log}: the access log's newest exchanges on this node, filtered, oldest first
 * (newest last, as in the file); a resource of its own beside {@code /scanner}.
 */
@Component(service = AccessLogResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("scanner/access-log")
@Produces(MediaType.APPLICATION_JSON)
public class AccessLogResource {

    static final String WHAT = "an access log entry";

    /**
     * A page of the access log.
     *
     * @param last    the number of the newest exchange the list holds (filtered or not): poll with {@code after=last}
     * @param entries the exchanges, oldest first
     */
    public record AccessPage(long last, List<AccessView> entries) {

        static AccessPage of(TailRing<AccessEntry> recent, AccessQuery query, long after, int limit) {
            long last = recent.last(); // before the read: what comes meanwhile a poller reads again, never misses
            return new AccessPage(last, recent.read(after, query, limit).stream().map(AccessView::of).toList());
        }
    }

    @Reference
    ProxyComponent proxy;

    @GET
    public AccessPage read(@QueryParam("client") String client, @QueryParam("host") String host,
                           @QueryParam("status") String status, @QueryParam("rule") String rule,
                           @QueryParam("after") String after, @QueryParam("limit") String limit) {
        AccessQuery query = QueryParams.checked(() -> AccessQuery.parse(client, host, status, rule));
        long from = QueryParams.checked(() -> QueryParams.after(after, WHAT));
        int n = QueryParams.checked(() -> QueryParams.limit(limit));
        return AccessPage.of(proxy.recentAccess(), query, from, n);
    }
}
