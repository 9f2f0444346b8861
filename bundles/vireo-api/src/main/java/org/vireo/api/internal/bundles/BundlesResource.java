package org.vireo.api.internal.bundles;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.MediaType;

import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiRoutes;
import org.vireo.api.QueryParams;

/** {@code GET /api/v1/node/bundles}: the node's bundles by id, as {@code bundle:list -t 0} lists them, filtered. */
@Component(service = BundlesResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("node/bundles")
@Produces(MediaType.APPLICATION_JSON)
public class BundlesResource {

    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @GET
    public List<BundleView> bundles(@QueryParam("vireo") String vireo, @QueryParam("state") String state,
                                    @QueryParam("name") String name) {
        BundleQuery query = QueryParams.checked(() -> BundleQuery.parse(vireo, state, name));
        return Arrays.stream(context.getBundles()).map(BundleView::of).filter(query)
            .sorted(Comparator.comparingLong(BundleView::id)).toList();
    }
}
