package org.vireo.api.internal;

import java.util.Set;

import javax.ws.rs.core.Application;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationBase;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;

/**
 * The management API as one JAX-RS application on the whiteboard, under {@value #BASE}: its resources select it by
 * name ({@value #NAME}), and it requires the JSON provider (Jackson's, through aries-jax-rs-whiteboard-jackson), so
 * that nothing answers before JSON can be written. One application, so that the authentication of a later step
 * applies to every resource at once.
 */
@Component(service = Application.class)
@JaxrsName(VireoApi.NAME)
@JaxrsApplicationBase(VireoApi.BASE)
@JSONRequired
public class VireoApi extends Application {

    static final String NAME = "vireo-api";
    static final String BASE = "api/v1";
    /** What a resource puts in its {@code @JaxrsApplicationSelect}. */
    static final String SELECT = "(osgi.jaxrs.name=" + NAME + ")";

    @Override
    public Set<Object> getSingletons() {
        return Set.of(); // the resources come from the whiteboard
    }
}
