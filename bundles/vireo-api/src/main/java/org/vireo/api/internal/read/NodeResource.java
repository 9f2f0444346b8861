package org.vireo.api.internal.read;

import java.util.List;
import java.util.TreeSet;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.PUT;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.Audit;
import org.vireo.node.NodeIdentity;
import org.vireo.node.Role;
import org.vireo.node.RoleChange;
import org.vireo.node.RoleChangeException;
import org.vireo.node.RoleService;

/**
 * {@code GET /api/v1/node}: who this node is, what role it runs, since when, which Vireo version; {@code PUT
 * /node/role}: switches its role as {@code vireo:role} does.
 */
@Component(service = NodeResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("node")
@Produces(MediaType.APPLICATION_JSON)
public class NodeResource {

    /** The node; {@code managementAddress} and {@code configurationProblem} are null when there is none. */
    public record NodeView(String name, String role, boolean alsoScan, List<String> features, String managementAddress,
                           String interfaceName, long uptimeSeconds, String version, String configurationProblem) {
    }

    @Reference
    private NodeIdentity identity;
    @Reference
    private RoleService roles;

    private String version;

    @Activate
    void activate(BundleContext context) {
        version = context.getBundle().getVersion().toString();
    }

    /** The body of {@code PUT /node/role}: the role, and whether a director or backup also scans (default false). */
    public record RoleRequest(String role, Boolean alsoScan) {
    }

    /**
     * What a role switch did, as {@code vireo:role} says it.
     *
     * @param from        the role before ({@code director+scan} ...; {@code none} at a first start)
     * @param to          the role now
     * @param installed   the role features installed
     * @param uninstalled the role features uninstalled
     * @param message     {@code vireo:role}'s line
     */
    public record RoleView(String from, String to, List<String> installed, List<String> uninstalled, String message) {

        static RoleView of(RoleChange c) {
            return new RoleView(c.from() == null ? "none" : label(c.from(), c.fromAlsoScan()), label(c.to(),
                c.toAlsoScan()), List.copyOf(new TreeSet<>(c.installed())), List.copyOf(new TreeSet<>(c.uninstalled())),
                c.describe());
        }
    }

    private static String label(Role role, boolean alsoScan) {
        return role.label() + (alsoScan && role != Role.SCANNER ? "+scan" : "");
    }

    /**
     * {@code vireo:role} over HTTP, through the same call: installs the role's features, then uninstalls the old role's,
     * and answers once the switch is done (seconds: features install) or refused, with nothing changed.
     */
    @PUT
    @Path("role")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response switchRole(RoleRequest body, @Context SecurityContext who) {
        Role role;
        try {
            role = Role.parse(body == null ? null : body.role());
        } catch (IllegalArgumentException e) {
            return new ApiError(422, e.getMessage()).response().build();
        }
        boolean alsoScan = body.alsoScan() != null && body.alsoScan();
        String before = label(identity.role(), identity.alsoScan());
        try {
            RoleChange change = roles.switchRole(role, alsoScan);
            Audit.write(who, "PUT /api/v1/node/role", before, label(role, alsoScan));
            return Response.ok(RoleView.of(change)).build();
        } catch (RoleChangeException e) {
            return new ApiError(409, e.getMessage()).response().build();
        }
    }

    @GET
    public NodeView node() {
        return new NodeView(identity.name(), identity.role().label(), identity.alsoScan(),
            List.copyOf(new TreeSet<>(roles.installedRoleFeatures())), identity.managementAddress().orElse(null),
            identity.interfaceName(), identity.uptime().toSeconds(), version,
            identity.configurationProblem().orElse(null));
    }
}
