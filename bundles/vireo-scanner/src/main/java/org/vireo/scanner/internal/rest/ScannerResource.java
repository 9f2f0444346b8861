package org.vireo.scanner.internal.rest;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import org.vireo.api.ApiRoutes;
import org.vireo.scanner.FtpStats;
import org.vireo.scanner.ProxyStatsSource;

/**
 * {@code GET /api/v1/scanner} and {@code GET /api/v1/scanner/ftp}: the filtering proxies' counters on this node (a
 * node that runs the scanner).
 */
@Component(service = ScannerResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@JSONRequired
@Path("scanner")
@Produces(MediaType.APPLICATION_JSON)
public class ScannerResource {

    @Reference
    ProxyStatsSource proxy;

    @GET
    public ProxyView proxy() {
        return ProxyView.of(proxy.stats());
    }

    /** {@code GET /api/v1/scanner/ftp}: the FTP proxy's counters. */
    @GET
    @Path("ftp")
    public FtpStats ftp() {
        return proxy.ftp();
    }
}
