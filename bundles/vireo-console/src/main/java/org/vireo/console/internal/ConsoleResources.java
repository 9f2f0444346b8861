package org.vireo.console.internal;

import org.osgi.service.component.annotations.Component;

/**
 * The console's static files (the bundle's {@code /console} folder) under {@code /console/} on the node's Jetty, through
 * the HTTP Whiteboard: the same context, and so the same listeners (HTTPS on the management address, HTTP on loopback),
 * as the management API the pages call. The files hold no data and need no login; every datum comes from
 * {@code /api/v1}, which does.
 */
@Component(service = ConsoleResources.class, property = {
    "osgi.http.whiteboard.resource.pattern=" + ConsoleResources.PATH + "/*",
    "osgi.http.whiteboard.resource.prefix=" + ConsoleResources.PATH})
public class ConsoleResources {

    /** Where the console lives, on the node's web server and in the bundle. */
    public static final String PATH = "/console";
    /** The page every other one is a part of (the pages are views of one document, chosen by the URL's fragment). */
    public static final String START = PATH + "/index.html";
}
