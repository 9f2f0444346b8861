package org.vireo.api.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.Access;
import org.vireo.api.ApiRoutes;
import org.vireo.api.Needs;
import org.vireo.node.ReadinessCondition;

/**
 * {@code GET /api/v1/health}: whether this node is ready to serve, for load balancers and scripts, the one route
 * without a login: 200 when every readiness condition of the node is met, else 503 with what it waits for (the
 * same conditions a VRRP backup waits for before it preempts, see docs/vrrp.md).
 */
@Component(service = HealthResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("health")
@Needs(Access.NONE)
public class HealthResource {

    private final List<ReadinessCondition> conditions = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addCondition(ReadinessCondition condition) {
        conditions.add(condition);
    }

    void removeCondition(ReadinessCondition condition) {
        conditions.remove(condition);
    }

    /** The body: {@code {"ready": false, "waitingFor": ["balancer: listeners not set up yet"]}}. */
    public record Health(boolean ready, List<String> waitingFor) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response health() {
        Health h = of(conditions);
        return Response.status(h.ready() ? Response.Status.OK : Response.Status.SERVICE_UNAVAILABLE).entity(h).build();
    }

    /** What the conditions say now; one that fails to answer counts as waiting, named by its failure. */
    static Health of(List<ReadinessCondition> conditions) {
        List<String> waiting = ReadinessCondition.allWaitingFor(conditions);
        return new Health(waiting.isEmpty(), waiting);
    }
}
