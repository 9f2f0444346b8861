package org.vireo.api.internal;

import java.io.EOFException;
import java.io.IOException;
import java.util.Locale;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.ext.WriterInterceptor;
import javax.ws.rs.ext.WriterInterceptorContext;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtension;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A response whose client went away while it was written (a scraper that timed out, a closed browser tab, wrk at
 * the end of a run) ends quietly, at DEBUG. CXF logged each one as an ERROR ("Problem with writing the data") and
 * two WARNs naming another resource, so that a Prometheus timing out on every scrape would fill the node's log and
 * the errors {@code /api/v1/node/log} shows. Any other failure of a write is still CXF's to report, and so is an
 * event stream's: its subscriber learns from the failed write that its client is gone (docs/api.md, events).
 */
@Component(service = WriterInterceptor.class)
@JaxrsExtension
@JaxrsName(ClientGoneInterceptor.NAME)
@JaxrsApplicationSelect("(osgi.jaxrs.name=vireo-*)")
public class ClientGoneInterceptor implements WriterInterceptor {

    static final String NAME = "vireo-client-gone";
    private static final Logger LOG = LoggerFactory.getLogger(ClientGoneInterceptor.class);

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        try {
            context.proceed();
        } catch (IOException e) {
            if (!clientGone(e) || MediaType.SERVER_SENT_EVENTS_TYPE.isCompatible(context.getMediaType())) {
                throw e;
            }
            LOG.debug("api: the client went away during the response ({})", e.toString());
        }
    }

    /**
     * Whether a write failed because the other end closed the connection: Jetty's {@code EofException} (an
     * {@link EOFException}), or the socket's "Broken pipe" or "Connection reset by peer", in the cause chain.
     */
    static boolean clientGone(Throwable failure) {
        int depth = 0;
        for (Throwable t = failure; t != null && depth < 16; t = t.getCause(), depth++) {
            if (t instanceof EOFException) {
                return true;
            }
            String message = t.getMessage() == null ? "" : t.getMessage().toLowerCase(Locale.ROOT);
            if (t instanceof IOException && (message.contains("broken pipe") || message.contains("connection reset"))) {
                return true;
            }
        }
        return false;
    }
}
