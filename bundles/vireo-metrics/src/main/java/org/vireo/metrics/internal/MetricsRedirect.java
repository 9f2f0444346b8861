package org.vireo.metrics.internal;

import java.io.IOException;

import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.osgi.service.component.annotations.Component;

import org.vireo.api.ApiRoutes;

/**
 * {@code /metrics}, where Prometheus scrapes by default: a permanent redirect to {@code /api/v1/metrics}, served by
 * the API's application with its logins. Not an application of its own: two JAX-RS applications on Aries' CXF here
 * fight over the one destination "/" (each broke the other's routes), so every route lives in the API's.
 * Prometheus follows the redirect and sends its basic_auth again; a 308 keeps the method.
 */
@Component(service = Servlet.class, property = {
    "osgi.http.whiteboard.servlet.pattern=/metrics",
    "osgi.http.whiteboard.servlet.name=vireo-metrics-redirect"})
public class MetricsRedirect extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String TARGET = "/" + ApiRoutes.BASE + "/" + MetricsResource.PATH;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(308);
        response.setHeader("Location", TARGET);
        response.setContentLength(0);
    }
}
