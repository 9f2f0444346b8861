package org.vireo.health.internal.rest;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiRoutes;
import org.vireo.health.TrackStatus;
import org.vireo.health.TrackedGroup;
import org.vireo.vrrp.VrrpInstance;

/**
 * {@code GET /api/v1/health/tracking}: per VRRP instance of this node, how health tracking sets its priority, as
 * {@code health:track} shows it.
 */
@Component(service = TrackingResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("health/tracking")
@Produces(MediaType.APPLICATION_JSON)
public class TrackingResource {

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();
    private final List<TrackedGroup> groups = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
    }

    void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addGroup(TrackedGroup group) {
        groups.add(group);
    }

    void removeGroup(TrackedGroup group) {
        groups.remove(group);
    }

    @GET
    public List<TrackingView> tracking() {
        return instances.stream().sorted(Comparator.comparing(VrrpInstance::name))
            .map(i -> TrackingView.of(i, tracking(i))).toList();
    }

    private Optional<TrackStatus> tracking(VrrpInstance i) {
        return groups.stream().filter(g -> g.instanceName().equals(i.name())).findFirst()
            .map(g -> g.status(i.basePriority()));
    }
}
