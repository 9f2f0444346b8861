package org.vireo.scanner.internal.proxy;

import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequestDecoder;

/**
 * The request decoder, strict where Netty is lenient: a request with both Content-Length and Transfer-Encoding
 * is refused (Netty would drop Content-Length and go on, but two framings are the classic smuggling request).
 */
final class RequestDecoder extends HttpRequestDecoder {

    /** The decoder's failure cause for a refused framing; the client handler answers 400 and closes. */
    static final class SmugglingException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        SmugglingException(String message) {
            super(message);
        }
    }

    RequestDecoder(ProxyOptions options) {
        super(new HttpDecoderConfig()
            .setMaxInitialLineLength(options.maxInitialLine())
            .setMaxHeaderSize(options.maxHeaderSize())
            .setMaxChunkSize(16_384)
            .setAllowDuplicateContentLengths(false));
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new SmugglingException("both Content-Length and Transfer-Encoding");
    }
}
