package org.vireo.api.internal.read;

import java.util.List;
import java.util.TreeSet;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiRoutes;
import org.vireo.node.NodeIdentity;
import org.vireo.node.RoleService;

/** {@code GET /api/v1/node}: who this node is, what role it runs, since when, which Vireo version. */
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

    @GET
    public NodeView node() {
        return new NodeView(identity.name(), identity.role().label(), identity.alsoScan(),
            List.copyOf(new TreeSet<>(roles.installedRoleFeatures())), identity.managementAddress().orElse(null),
            identity.interfaceName(), identity.uptime().toSeconds(), version,
            identity.configurationProblem().orElse(null));
    }
}
