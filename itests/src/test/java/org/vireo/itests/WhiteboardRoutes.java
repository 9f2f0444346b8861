package org.vireo.itests;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.jaxrs.runtime.JaxrsServiceRuntime;
import org.osgi.service.jaxrs.runtime.dto.ApplicationDTO;
import org.osgi.service.jaxrs.runtime.dto.FailedResourceDTO;
import org.osgi.service.jaxrs.runtime.dto.ResourceDTO;
import org.osgi.service.jaxrs.runtime.dto.ResourceMethodInfoDTO;
import org.osgi.service.jaxrs.runtime.dto.RuntimeDTO;

/**
 * The routes the running JAX-RS whiteboard serves in the management API's application, as its runtime DTO says them
 * (each resource method's HTTP method and path), and their comparison with the OpenAPI document.
 */
final class WhiteboardRoutes {

    private static final String APPLICATION = "vireo-api";

    private final BundleContext context;

    WhiteboardRoutes(BundleContext context) {
        this.context = context;
    }

    /**
     * Waits until the whiteboard serves exactly the document's routes of the installed features (resources come up
     * one by one, and the whiteboard sends no event), then asserts it: the message lists each difference.
     */
    void assertServe(OpenApiDocument document, Predicate<String> installed) throws InterruptedException {
        List<String> last = new ArrayList<>();
        try {
            VireoTestSupport.awaitUntil(() -> {
                last.clear();
                if (context.getServiceReference(JaxrsServiceRuntime.class) == null) {
                    last.add("no JaxrsServiceRuntime yet");
                    return false;
                }
                last.addAll(failures());
                last.addAll(document.differences(served(), installed));
                return last.isEmpty();
            }, "the whiteboard serves the routes of openapi.json");
        } catch (AssertionError timedOut) {
            assertEquals("the whiteboard's routes against openapi.json", List.of(), last);
        }
    }

    /**
     * The routes once the whiteboard has added none for two seconds: resources come up one by one as their bundles
     * start, and the whiteboard sends no event.
     */
    Map<String, String> awaitSettled() throws InterruptedException {
        List<Map<String, String>> last = new ArrayList<>(List.of(Map.of()));
        long[] since = {System.currentTimeMillis()};
        VireoTestSupport.awaitUntil(() -> {
            Map<String, String> now = context.getServiceReference(JaxrsServiceRuntime.class) == null ? Map.of()
                : served();
            if (!now.equals(last.get(0))) {
                last.set(0, now);
                since[0] = System.currentTimeMillis();
            }
            return !now.isEmpty() && System.currentTimeMillis() - since[0] >= 2000;
        }, "the whiteboard's routes settle");
        return last.get(0);
    }

    /** Route key ("GET /vrrp/{name}") -> the Vireo bundle (vireo-vrrp) whose resource serves it. */
    Map<String, String> served() {
        Map<String, String> routes = new TreeMap<>();
        for (ApplicationDTO app : runtime().applicationDTOs) {
            if (APPLICATION.equals(app.name)) {
                for (ResourceDTO r : app.resourceDTOs) {
                    for (ResourceMethodInfoDTO m : r.resourceMethods) {
                        routes.put(OpenApiDocument.Route.key(m.method, m.path), bundle(r.serviceId));
                    }
                }
            }
        }
        return routes;
    }

    /** Resources of Vireo bundles the whiteboard refused, with its reason code. */
    List<String> failures() {
        List<String> failed = new ArrayList<>();
        for (FailedResourceDTO f : runtime().failedResourceDTOs) {
            String bundle = bundle(f.serviceId);
            if (bundle.startsWith("vireo-")) {
                failed.add("the whiteboard refused resource " + f.name + " of " + bundle + " (failureReason "
                    + f.failureReason + ")");
            }
        }
        return failed;
    }

    private RuntimeDTO runtime() {
        ServiceReference<JaxrsServiceRuntime> ref = context.getServiceReference(JaxrsServiceRuntime.class);
        try {
            return context.getService(ref).getRuntimeDTO();
        } finally {
            context.ungetService(ref);
        }
    }

    /** vireo-vrrp for a service of bundle org.vireo.vireo-vrrp; another bundle's symbolic name as it is. */
    private String bundle(long serviceId) {
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(null, "(service.id=" + serviceId + ")");
            String name = refs == null ? "(gone)" : refs[0].getBundle().getSymbolicName();
            return name.startsWith("org.vireo.") ? name.substring("org.vireo.".length()) : name;
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
