package org.vireo.api.internal;

import java.util.Set;

import javax.ws.rs.core.Application;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationBase;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;

import org.vireo.api.ApiRoutes;
import org.vireo.api.internal.auth.AuthFilter;

/**
 * The management API as one JAX-RS application on the whiteboard, under {@value ApiRoutes#BASE}: its resources select it by
 * name ({@value ApiRoutes#NAME}), from this bundle and others, and it requires the JSON provider (Aries' Jackson provider, in feature vireo-web), so
 * that nothing answers before JSON can be written, and the authentication filter ({@link AuthFilter}), so that
 * nothing answers without it.
 */
@Component(service = Application.class)
@JaxrsName(ApiRoutes.NAME)
@JaxrsApplicationBase(ApiRoutes.BASE)
@JSONRequired
@JaxrsExtensionSelect(ApiRoutes.AUTH_SELECT)
public class VireoApi extends Application {

    @Override
    public Set<Object> getSingletons() {
        return Set.of(); // the resources come from the whiteboard
    }
}
