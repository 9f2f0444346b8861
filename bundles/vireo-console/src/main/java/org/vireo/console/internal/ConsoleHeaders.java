package org.vireo.console.internal;

import java.io.IOException;

import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletResponse;

import org.osgi.service.component.annotations.Component;

/**
 * The headers every console response carries. The pages show data that comes from the data plane (URLs, host names,
 * rule reasons, log lines): the scripts put it in as text only, and this Content-Security-Policy makes sure that
 * nothing else runs even if one did not: scripts and styles from the node's own files only (no inline script or
 * style, no {@code eval}), connections to the node itself only (the API and its event stream), no frames around
 * the page (click-jacking), no plug-ins, no form posted elsewhere.
 */
@Component(service = Filter.class, property = {
    "osgi.http.whiteboard.filter.pattern=" + ConsoleResources.PATH,
    "osgi.http.whiteboard.filter.pattern=" + ConsoleResources.PATH + "/*",
    "osgi.http.whiteboard.filter.name=vireo-console-headers"})
public class ConsoleHeaders implements Filter {

    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        + " connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self';"
        + " frame-ancestors 'none'";

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletResponse http = (HttpServletResponse) response;
        http.setHeader("Content-Security-Policy", POLICY);
        http.setHeader("X-Content-Type-Options", "nosniff"); // a .js is run only as what its Content-Type says
        http.setHeader("X-Frame-Options", "DENY"); // frame-ancestors for browsers that predate it
        http.setHeader("Referrer-Policy", "no-referrer");
        // the files change with the node's software: a browser asks again (Jetty answers 304 when unchanged)
        http.setHeader("Cache-Control", "no-cache");
        chain.doFilter(request, response);
    }
}
