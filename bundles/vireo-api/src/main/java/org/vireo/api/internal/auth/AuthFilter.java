package org.vireo.api.internal.auth;

import java.lang.reflect.Method;
import java.security.Principal;
import java.util.List;
import java.util.Optional;

import javax.annotation.Priority;
import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.Priorities;
import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.container.ResourceInfo;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.Cookie;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtension;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;

import org.vireo.api.Access;
import org.vireo.api.AccessPolicy;
import org.vireo.api.ApiError;
import org.vireo.api.ApiRoutes;
import org.vireo.api.Needs;

/**
 * Puts every request to a Vireo application ({@code osgi.jaxrs.name=vireo-*}) through the {@link Gate}: after
 * matching, so that the route's {@link Needs} and method are known. A refusal is answered with an
 * {@link ApiError}; an admitted request carries its login as the JAX-RS security context (the audit log's "who").
 * The applications require this extension by name ({@link ApiRoutes#AUTH_SELECT}): without it they do not start,
 * so a route is never served without a login. What a route needs comes from its resource's {@link AccessPolicy}, else
 * its {@link Needs}, else its method.
 */
@Component(service = ContainerRequestFilter.class)
@JaxrsExtension
@JaxrsName(AuthFilter.NAME)
@JaxrsApplicationSelect("(osgi.jaxrs.name=vireo-*)")
@Priority(Priorities.AUTHENTICATION)
public class AuthFilter implements ContainerRequestFilter {

    public static final String NAME = ApiRoutes.AUTH;

    @Context
    private ResourceInfo resource;
    @Context
    private HttpServletRequest servletRequest;

    @Reference
    private ApiSecurity security;

    @Override
    public void filter(ContainerRequestContext request) {
        Gate.Request r = new Gate.Request(request.getMethod(), need(request),
            request.getHeaderString(HttpHeaders.AUTHORIZATION), cookie(request, Gate.SESSION_COOKIE),
            request.getHeaderString(Gate.CSRF_HEADER), servletRequest.getRemoteAddr());
        Gate.Outcome outcome = security.gate().admit(r);
        if (outcome instanceof Gate.Refused refused) {
            Response.ResponseBuilder refusal = response(refused);
            if (fromAPagesScript(request)) {
                refusal.header(HttpHeaders.WWW_AUTHENTICATE, null); // null removes it
            }
            request.abortWith(refusal.build());
        } else if (outcome instanceof Gate.Admitted admitted && admitted.login().isPresent()) {
            request.setSecurityContext(new LoginSecurityContext(admitted.login().get(), servletRequest.isSecure(),
                r.authorization() != null ? SecurityContext.BASIC_AUTH : SecurityContext.FORM_AUTH));
        }
    }

    /** A refusal as the API answers it: the {@link ApiError} with the refusal's headers. */
    static Response.ResponseBuilder response(Gate.Refused refused) {
        Response.ResponseBuilder response = new ApiError(refused.status(), refused.message()).response();
        refused.headers().forEach(response::header);
        return response;
    }

    /**
     * A request from a page's script: the console sends {@code X-Requested-With} with each of its calls, and a
     * browser sends the session cookie. A 401 to it carries no Basic challenge, which would make the browser pop up
     * its own login dialogue over the page's (an EventSource can send no header of its own, but has the cookie).
     */
    static boolean fromAPagesScript(ContainerRequestContext request) {
        return request.getHeaderString(REQUESTED_WITH) != null || request.getCookies().containsKey(Gate.SESSION_COOKIE);
    }

    /** The header a page's script sends (jQuery's and others' convention; the console's calls send it). */
    public static final String REQUESTED_WITH = "X-Requested-With";

    private Access need(ContainerRequestContext request) {
        String method = request.getMethod();
        List<Object> matched = request.getUriInfo().getMatchedResources();
        if (!matched.isEmpty() && matched.get(0) instanceof AccessPolicy policy) {
            return policy.need(method);
        }
        Method m = resource.getResourceMethod();
        Class<?> type = resource.getResourceClass();
        Needs needs = m != null && m.isAnnotationPresent(Needs.class) ? m.getAnnotation(Needs.class)
            : type != null ? type.getAnnotation(Needs.class) : null;
        if (needs != null) {
            return needs.value();
        }
        return Gate.safe(method) ? Access.VIEWER : Access.ADMIN;
    }

    private static String cookie(ContainerRequestContext request, String name) {
        Cookie c = request.getCookies().get(name);
        return c == null ? null : c.getValue();
    }

    /** The login as JAX-RS sees it: the user, its roles, how it logged in. */
    record LoginSecurityContext(Login login, boolean secure, String scheme) implements SecurityContext {

        @Override
        public Principal getUserPrincipal() {
            return login::user;
        }

        @Override
        public boolean isUserInRole(String role) {
            return login.may(role);
        }

        @Override
        public boolean isSecure() {
            return secure;
        }

        @Override
        public String getAuthenticationScheme() {
            return scheme;
        }
    }

    /** The login of an admitted request (routes that need one always have it). */
    public static Optional<Login> login(SecurityContext context) {
        return context instanceof LoginSecurityContext l ? Optional.of(l.login()) : Optional.empty();
    }
}
