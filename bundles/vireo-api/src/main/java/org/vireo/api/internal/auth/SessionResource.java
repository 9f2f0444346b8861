package org.vireo.api.internal.auth;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

import javax.servlet.http.HttpServletRequest;
import javax.ws.rs.CookieParam;
import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.Access;
import org.vireo.api.ApiError;
import org.vireo.api.Needs;
import org.vireo.api.ApiRoutes;

/**
 * {@code /api/v1/session}: the console's login. {@code POST} with {@code {"user": ..., "password": ...}} checks them
 * like Basic credentials (the same realm, the same failed-login limit) and sets the session cookie; the body holds
 * the CSRF token that writes with the cookie must send. {@code GET} says who is logged in, {@code DELETE} logs out.
 */
@Component(service = SessionResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("session")
@Produces(MediaType.APPLICATION_JSON)
public class SessionResource {

    /** The login form's fields. */
    public record Credentials(String user, String password) {
    }

    /**
     * Who is logged in; {@code csrfToken} in the answer to the login and to a {@code GET} with the session cookie (a
     * page reloaded has lost it; no other site's page can read the answer), null for a Basic login.
     */
    public record Who(String user, List<String> roles, String csrfToken) {
    }

    @Reference
    private ApiSecurity security;

    @POST
    @Needs(Access.NONE)
    @Consumes(MediaType.APPLICATION_JSON)
    public Response login(Credentials credentials, @Context HttpServletRequest request) {
        if (credentials == null || credentials.user() == null || credentials.password() == null) {
            return new ApiError(400, "expected {\"user\": \"...\", \"password\": \"...\"}").response().build();
        }
        Gate gate = security.gate();
        Gate.Outcome outcome = gate.login(credentials.user(), credentials.password(), request.getRemoteAddr());
        if (outcome instanceof Gate.Refused refused) {
            // the form's failure must not make a browser pop up its own Basic dialogue (null removes the header)
            return AuthFilter.response(refused).header(HttpHeaders.WWW_AUTHENTICATE, null).build();
        }
        Login login = ((Gate.Admitted) outcome).login().orElseThrow();
        Sessions.Session session = gate.sessions().open(login);
        return Response.ok(who(login, session.csrfToken()))
            .header(HttpHeaders.SET_COOKIE, cookie(session.id(), request.isSecure(), false)).build();
    }

    @GET
    public Who who(@Context SecurityContext context, @CookieParam(Gate.SESSION_COOKIE) String sessionId) {
        Login login = AuthFilter.login(context).orElseThrow();
        String token = SecurityContext.FORM_AUTH.equals(context.getAuthenticationScheme()) && sessionId != null
            ? security.gate().sessions().find(sessionId).map(Sessions.Session::csrfToken).orElse(null) : null;
        return who(login, token);
    }

    @DELETE
    @Needs(Access.VIEWER)
    public Response logout(@CookieParam(Gate.SESSION_COOKIE) String sessionId, @Context HttpServletRequest request) {
        Optional.ofNullable(sessionId).ifPresent(security.gate().sessions()::close);
        return Response.noContent().header(HttpHeaders.SET_COOKIE, cookie("", request.isSecure(), true)).build();
    }

    private static Who who(Login login, String csrfToken) {
        return new Who(login.user(), List.copyOf(new TreeSet<>(login.roles())), csrfToken);
    }

    /**
     * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure over
     * HTTPS; for the whole node, as the console and the API share it.
     */
    static String cookie(String value, boolean secure, boolean expire) {
        return Gate.SESSION_COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
            + (expire ? "; Max-Age=0" : "");
    }
}
