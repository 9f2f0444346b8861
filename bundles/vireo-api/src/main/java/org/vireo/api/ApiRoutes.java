package org.vireo.api;

/**
 * How a bundle adds routes to the management API: a DS component registered as a JAX-RS whiteboard resource
 * ({@code @JaxrsResource}) with {@code @JaxrsApplicationSelect(ApiRoutes.SELECT)} and {@code @JSONRequired}, its
 * {@code @Path} relative to {@value #BASE}. The API's authentication applies to it ({@link Needs}); its refusals
 * are {@link ApiError}s and its writes go to the {@link Audit} log. The shell commands of a bundle live beside its
 * routes, so that both call the same service the same way.
 */
public final class ApiRoutes {

    /** The API application's name on the whiteboard. */
    public static final String NAME = "vireo-api";
    /** Where it is served, below Karaf's Jetty root. */
    public static final String BASE = "api/v1";
    /** What a resource puts in its {@code @JaxrsApplicationSelect}. */
    public static final String SELECT = "(osgi.jaxrs.name=" + NAME + ")";
    /**
     * The authentication filter's name on the whiteboard. It serves every application named {@code vireo-*}; such
     * an application puts {@link #AUTH_SELECT} in its {@code @JaxrsExtensionSelect}, so that it never starts
     * without it.
     */
    public static final String AUTH = "vireo-auth";
    /** What a Vireo application puts in its {@code @JaxrsExtensionSelect}. */
    public static final String AUTH_SELECT = "(osgi.jaxrs.name=" + AUTH + ")";

    private ApiRoutes() {
    }
}
