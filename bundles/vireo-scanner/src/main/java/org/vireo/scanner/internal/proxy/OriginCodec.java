package org.vireo.scanner.internal.proxy;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestEncoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;

/**
 * The HTTP codec of an origin connection: Netty's request encoder and response decoder, paired as Netty's
 * HttpClientCodec pairs them (an answer to HEAD has no body, whatever its headers say), but strict where that
 * codec is lenient: an answer with both Transfer-Encoding and Content-Length is a decoder failure (HttpClientCodec
 * drops the Content-Length and reads on; the proxy would then send on a message whose framing two parsers read
 * differently, RFC 9112 section 6.3), and so is more than one Content-Length, equal ones included.
 */
final class OriginCodec extends CombinedChannelDuplexHandler<HttpResponseDecoder, HttpRequestEncoder> {

    /** The methods of the requests sent whose final answers have not begun, oldest first. */
    private final Queue<HttpMethod> methods = new ArrayDeque<>(2);

    OriginCodec(int maxInitialLine, int maxHeaderSize, int maxChunkSize) {
        HttpDecoderConfig config = new HttpDecoderConfig().setMaxInitialLineLength(maxInitialLine)
            .setMaxHeaderSize(maxHeaderSize).setMaxChunkSize(maxChunkSize).setAllowDuplicateContentLengths(false);
        init(new Decoder(config), new Encoder());
    }

    /** The failure cause of an answer framed two ways. */
    static final class AmbiguousFramingException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        AmbiguousFramingException() {
            super("both Transfer-Encoding and Content-Length in the answer");
        }
    }

    private final class Encoder extends HttpRequestEncoder {
        @Override
        protected void encode(ChannelHandlerContext ctx, Object msg, List<Object> out) throws Exception {
            if (msg instanceof HttpRequest request) {
                methods.add(request.method());
            }
            super.encode(ctx, msg, out);
        }
    }

    private final class Decoder extends HttpResponseDecoder {
        Decoder(HttpDecoderConfig config) {
            super(config);
        }

        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage msg) {
            int code = ((HttpResponse) msg).status().code();
            if (code >= 100 && code < 200) {
                return super.isContentAlwaysEmpty(msg); // an interim answer: the request still awaits its final one
            }
            return HttpMethod.HEAD.equals(methods.poll()) || super.isContentAlwaysEmpty(msg);
        }

        @Override
        protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
            throw new AmbiguousFramingException();
        }
    }
}
