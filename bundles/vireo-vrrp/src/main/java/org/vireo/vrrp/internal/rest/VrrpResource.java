package org.vireo.vrrp.internal.rest;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.Audit;
import org.vireo.config.ConfigErrors;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.internal.drill.DrillResult;
import org.vireo.vrrp.internal.drill.Drills;

/**
 * {@code GET /api/v1/vrrp}: this node's VRRP instances by name; {@code /api/v1/vrrp/<name>}: one of them. The
 * operator's writes, through the same calls as {@code vrrp:priority} and {@code vrrp:resign}: {@code PUT
 * <name>/priority} sets or clears the priority override, {@code POST <name>/resign} steps down; {@code POST
 * <name>/drill} runs a failover drill as {@code vrrp:drill} does (it answers when the drill is over, in seconds), and
 * {@code GET <name>/drills} lists the last ones.
 */
@Component(service = VrrpResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("vrrp")
@Produces(MediaType.APPLICATION_JSON)
public class VrrpResource {

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    volatile Drills drills;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
    }

    void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
    }

    @GET
    public List<VrrpView> all() {
        return instances.stream().sorted(Comparator.comparing(VrrpInstance::name)).map(VrrpView::of).toList();
    }

    @GET
    @Path("{name}")
    public Response one(@PathParam("name") String name) {
        return on(name, i -> Response.ok(VrrpView.of(i)).build());
    }

    /** The body of {@code PUT <name>/priority}: the override (0-254), or null to clear it. */
    public record PriorityOverride(Integer override) {
    }

    /** The body of {@code POST <name>/resign}: how long to stay out of the election; null: the configured time. */
    public record Resignation(Integer holdOffSeconds) {
    }

    @PUT
    @Path("{name}/priority")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response overridePriority(@PathParam("name") String name, PriorityOverride body,
                                     @Context SecurityContext who) {
        Optional<Integer> override = Optional.ofNullable(body == null ? null : body.override());
        return on(name, i -> {
            String before = i.priorityOverride().map(String::valueOf).orElse("none");
            try {
                i.overridePriority(override);
            } catch (IllegalArgumentException e) {
                return new ApiError(422, e.getMessage()).response().build();
            }
            Audit.write(who, "PUT /api/v1/vrrp/" + i.name() + "/priority", "override " + before,
                "override " + override.map(String::valueOf).orElse("none"));
            return Response.ok(VrrpView.of(i)).build();
        });
    }

    @POST
    @Path("{name}/resign")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response resign(@PathParam("name") String name, Resignation body, @Context SecurityContext who) {
        Integer seconds = body == null ? null : body.holdOffSeconds();
        Duration holdOff;
        try {
            holdOff = seconds == null ? null : VrrpInstance.resignHoldOff(seconds);
        } catch (IllegalArgumentException e) {
            return new ApiError(422, "holdOffSeconds: " + e.getMessage()).response().build();
        }
        return on(name, i -> {
            String before = i.state().name();
            i.resign(holdOff);
            Audit.write(who, "POST /api/v1/vrrp/" + i.name() + "/resign", before, "resigned for "
                + (seconds == null ? "the configured hold-off" : seconds + " s"));
            return Response.ok(VrrpView.of(i)).build();
        });
    }

    /**
     * The body of {@code POST <name>/drill}: what to probe and from where (null: the defaults of {@code vrrp:drill}),
     * whether the VIP comes back, the probe's interval (null: 10 ms).
     */
    public record DrillRequest(String probe, String from, Boolean returning, Integer intervalMillis) {
    }

    @POST
    @Path("{name}/drill")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response drill(@PathParam("name") String name, DrillRequest body, @Context SecurityContext who) {
        Drills d = drills;
        if (d == null) {
            return new ApiError(503, "drills are not available on this node yet").response().build();
        }
        DrillRequest r = body == null ? new DrillRequest(null, null, null, null) : body;
        int interval = r.intervalMillis() == null ? 10 : r.intervalMillis();
        if (interval < 2 || interval > 1000) {
            return new ApiError(422, "intervalMillis " + interval + ": from 2 to 1000").response().build();
        }
        return on(name, i -> {
            DrillResult result;
            try {
                result = d.run(name, Optional.ofNullable(r.probe()), Optional.ofNullable(r.from()),
                    Boolean.TRUE.equals(r.returning()), Duration.ofMillis(interval), step -> { });
            } catch (IllegalArgumentException e) {
                return new ApiError(422, e.getMessage()).response().build();
            } catch (IllegalStateException e) {
                return new ApiError(409, e.getMessage()).response().build();
            }
            Audit.write(who, "POST /api/v1/vrrp/" + name + "/drill", "MASTER", result.error() == null
                ? "drill " + result.id() + " done" : "drill " + result.id() + " failed: " + result.error());
            return Response.ok(result).build();
        });
    }

    /** The last drills of the instance on this node, newest first. */
    @GET
    @Path("{name}/drills")
    public Response drills(@PathParam("name") String name) {
        Drills d = drills;
        return on(name, i -> Response.ok(d == null ? List.of() : d.recent().stream()
            .filter(r -> r.instance().equals(name)).toList()).build());
    }

    private Response on(String name, Function<VrrpInstance, Response> action) {
        return instances.stream().filter(i -> i.name().equals(name)).findFirst().map(action)
            .orElseGet(() -> new ApiError(404, "no VRRP instance '" + ConfigErrors.shorten(name, 64) + "' on this"
                + " node (GET /api/v1/vrrp lists them)").response().build());
    }
}
