package org.vireo.scanner.internal.proxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;

/** How an origin's answer is framed for the client: its length, chunking and whether the connection stays. */
final class ResponseFraming {

    private ResponseFraming() {
    }

    /**
     * Rewrites the origin's response head for the client: hop-by-hop headers out, Via in, and a framing the client
     * understands (chunked for an HTTP/1.1 client when the origin gave no length; the end of the connection for an
     * HTTP/1.0 client).
     *
     * @return whether the client connection may stay open after this answer
     */
    static boolean prepare(HttpResponse response, boolean headRequest, boolean http10Client, boolean keepAlive,
                           String via) {
        int code = response.status().code();
        boolean interim = code < 200;
        boolean hasLength = response.headers().contains(HttpHeaderNames.CONTENT_LENGTH);
        HopByHop.strip(response.headers());
        boolean bodyless = headRequest || interim || code == 204 || code == 304;
        boolean stays = keepAlive;
        if (!hasLength && !bodyless) {
            if (http10Client) {
                stays = false; // an HTTP/1.0 client knows no chunks: it reads to the end of the connection
            } else {
                response.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
            }
        }
        HttpVersion version = response.protocolVersion();
        response.headers().add(HttpHeaderNames.VIA, version.majorVersion() + "." + version.minorVersion() + " " + via);
        response.setProtocolVersion(HttpVersion.HTTP_1_1);
        if (!interim) {
            if (!stays) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            } else if (http10Client) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            }
        }
        return stays;
    }
}
