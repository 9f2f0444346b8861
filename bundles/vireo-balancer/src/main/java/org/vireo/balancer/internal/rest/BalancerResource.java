package org.vireo.balancer.internal.rest;

import java.io.IOException;
import java.util.List;

import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.Audit;
import org.vireo.balancer.Balancer;
import org.vireo.config.ConfigErrors;

/**
 * {@code GET /api/v1/balancer} and {@code /balancer/scanners}: what {@code balancer:stats} and
 * {@code balancer:scanners} show. {@code POST /balancer/scanners/<scanner>/drain} and {@code .../undrain}: the
 * same call as {@code balancer:drain} and {@code balancer:undrain}, which sets the flag in the cluster-wide table.
 */
@Component(service = BalancerResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("balancer")
@Produces(MediaType.APPLICATION_JSON)
public class BalancerResource {

    @Reference
    Balancer balancer;

    /**
     * What a drain or undrain answers: the flag asked for and what was done, in the words of the shell command. The
     * balancer takes the table up a moment later ({@code GET /balancer/scanners} shows it then).
     */
    public record DrainResult(String scanner, boolean drain, String message) {
    }

    @GET
    public BalancerView balancer() {
        return BalancerView.of(balancer.status());
    }

    @GET
    @Path("scanners")
    public List<ScannerView> scanners() {
        return balancer.scanners().stream().map(ScannerView::of).toList();
    }

    @POST
    @Path("scanners/{scanner}/drain")
    public Response drain(@PathParam("scanner") String scanner, @Context SecurityContext who) {
        return setDrain(scanner, true, who);
    }

    @POST
    @Path("scanners/{scanner}/undrain")
    public Response undrain(@PathParam("scanner") String scanner, @Context SecurityContext who) {
        return setDrain(scanner, false, who);
    }

    private Response setDrain(String scanner, boolean drain, SecurityContext who) {
        String before = drainState(scanner);
        String done;
        try {
            done = balancer.drain(scanner, drain);
        } catch (IllegalArgumentException e) { // the scanner is not in the table; the message lists it
            return new ApiError(404, ConfigErrors.shorten(e.getMessage(), ConfigErrors.MAX_CHARS)).response().build();
        } catch (IOException e) {
            return new ApiError(500, "the scanner table could not be written: " + e.getMessage()).response().build();
        }
        Audit.write(who, "POST /api/v1/balancer/scanners/" + scanner + (drain ? "/drain" : "/undrain"), before,
            drain ? "drained" : "not drained");
        return Response.ok(new DrainResult(scanner, drain, done)).build();
    }

    /** The scanner's flag as the running balancer has it, for the audit log. */
    String drainState(String scanner) {
        return balancer.scanners().stream().filter(s -> s.id().equals(scanner)).findFirst()
            .map(s -> s.drain() ? "drained" : "not drained").orElse("not in the running table");
    }
}
