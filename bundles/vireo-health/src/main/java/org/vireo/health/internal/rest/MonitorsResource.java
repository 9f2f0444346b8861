package org.vireo.health.internal.rest;

import java.util.Comparator;
import java.util.List;
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
import org.vireo.health.Monitor;

/**
 * {@code GET /api/v1/health/monitors}: this node's health monitors by name, as {@code health:list} shows them. A
 * resource of its own beside vireo-api's {@code /api/v1/health} (the readiness check, no login): JAX-RS matches the
 * longer path first.
 */
@Component(service = MonitorsResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("health/monitors")
@Produces(MediaType.APPLICATION_JSON)
public class MonitorsResource {

    private final List<Monitor> monitors = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addMonitor(Monitor monitor) {
        monitors.add(monitor);
    }

    void removeMonitor(Monitor monitor) {
        monitors.remove(monitor);
    }

    @GET
    public List<MonitorView> monitors() {
        return monitors.stream().map(MonitorView::of).sorted(Comparator.comparing(MonitorView::name)).toList();
    }
}
