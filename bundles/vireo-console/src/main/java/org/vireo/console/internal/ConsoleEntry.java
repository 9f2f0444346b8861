package org.vireo.console.internal;

import java.io.IOException;

import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.osgi.service.component.annotations.Component;

/**
 * {@code /console} and {@code /console/}, the addresses an operator types: a redirect to the start page (the
 * whiteboard's resources serve files, not a folder's index).
 */
@Component(service = Servlet.class, property = {
    "osgi.http.whiteboard.servlet.pattern=" + ConsoleResources.PATH,
    "osgi.http.whiteboard.servlet.pattern=" + ConsoleResources.PATH + "/",
    "osgi.http.whiteboard.servlet.name=vireo-console-entry"})
public class ConsoleEntry extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_SEE_OTHER);
        response.setHeader("Location", ConsoleResources.START);
        response.setContentLength(0);
    }
}
