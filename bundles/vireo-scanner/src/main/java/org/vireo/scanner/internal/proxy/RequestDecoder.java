package org.vireo.scanner.internal.proxy;

import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;

/**
 * Netty's request decoder behind a {@link FramingGuard} that reads every byte first: Netty decodes only bytes the
 * guard accepted. Where the guard refuses, Netty decodes up to that byte and then the decoder emits the refusal as
 * a failed message: a failed request when no request is open (nothing of it has gone out), else a failed last
 * content (the client handler aborts the request it forwards). After a CONNECT head it holds the rest for the
 * tunnel's relay. It also runs the slow-loris timer, from the first byte of a head to its end, and fires
 * {@link RequestRefusal#HEAD_TIMEOUT} when a head takes too long.
 */
final class RequestDecoder extends HttpRequestDecoder {

    /** The decoder's failure cause for both Content-Length and Transfer-Encoding (a guard miss; never expected). */
    static final class SmugglingException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        SmugglingException(String message) {
            super(message);
        }
    }

    private final FramingGuard guard;
    private final long headTimeoutMillis;
    private Deadline headDeadline;
    private boolean timing;
    /** Bytes from the reader index on that the guard has read and Netty not yet. */
    private int guarded;
    /** Netty has emitted a request whose last content has not come yet. */
    private boolean open;
    private boolean refused;

    RequestDecoder(ProxyOptions options) {
        // the guard enforces the limits; Netty's own, twice as high, are a second line that is never reached first
        super(new HttpDecoderConfig()
            .setMaxInitialLineLength(2 * options.maxInitialLine())
            .setMaxHeaderSize(2 * options.maxHeaderSize() + 4 * options.maxHeaderCount())
            .setMaxChunkSize(16_384)
            .setAllowDuplicateContentLengths(false));
        this.guard = new FramingGuard(options.maxInitialLine(), options.maxHeaderSize(), options.maxHeaderCount());
        this.headTimeoutMillis = options.headerTimeoutMillis();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        super.handlerAdded(ctx);
        headDeadline = Deadline.onLoop(ctx.executor(), headTimeoutMillis, () -> onHeadTimeout(ctx));
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) throws Exception {
        headDeadline.close(); // closed, or a tunnel now
        super.handlerRemoved0(ctx);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        if (refused) {
            in.skipBytes(in.readableBytes());
            return;
        }
        int start = in.readerIndex();
        if (guard.refusal() == null && !guard.tunnel() && start + guarded < in.writerIndex()) {
            guarded = guard.scan(in, start + guarded, in.writerIndex()) - start;
            followHead();
        }
        int before = out.size();
        if (guarded == in.readableBytes()) {
            super.decode(ctx, in, out); // all of it accepted: the common case, no slice
        } else if (guarded > 0) {
            ByteBuf accepted = in.slice(start, guarded);
            super.decode(ctx, accepted, out);
            in.skipBytes(accepted.readerIndex());
        }
        guarded -= in.readerIndex() - start;
        follow(out, before);
        if (in.readerIndex() == start && out.size() == before && guard.refusal() != null) {
            emitRefusal(in, out, guard.refusal()); // Netty can read nothing more before the refused byte
        }
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
        if (refused || !open) {
            // refused already, or the client left between requests or within a head: no request to speak of
            // (Netty would emit a failed request the client handler would count as malformed)
            in.skipBytes(in.readableBytes());
            return;
        }
        super.decodeLast(ctx, in, out); // a body cut short: Netty ends nothing, the client handler aborts it
    }

    /** Notes whether the last request Netty emitted is still open. */
    private void follow(List<Object> out, int from) {
        for (int i = from; i < out.size(); i++) {
            Object msg = out.get(i);
            if (msg instanceof HttpRequest) {
                open = true;
            }
            if (msg instanceof LastHttpContent) {
                open = false;
            }
        }
    }

    private void emitRefusal(ByteBuf in, List<Object> out, RequestRefusal why) {
        refused = true;
        in.skipBytes(in.readableBytes());
        RequestRefusal.FramingException cause = new RequestRefusal.FramingException(why);
        if (open) {
            LastHttpContent failed = new DefaultLastHttpContent(Unpooled.EMPTY_BUFFER);
            failed.setDecoderResult(DecoderResult.failure(cause));
            out.add(failed);
        } else {
            out.add(new RefusedRequest(guard.method(), guard.target(), cause));
        }
        open = false;
    }

    /** Arms the head timer at a head's first byte and disarms it at its end. */
    private void followHead() {
        if (guard.headInProgress() != timing) {
            timing = !timing;
            if (timing) {
                headDeadline.arm();
            } else {
                headDeadline.disarm();
            }
        }
    }

    private void onHeadTimeout(ChannelHandlerContext ctx) {
        if (timing && !refused) {
            refused = true;
            timing = false;
            ctx.fireUserEventTriggered(RequestRefusal.HEAD_TIMEOUT);
        }
    }

    /**
     * A higher HTTP/1 minor version is HTTP/1.1 (RFC 9110 section 2.5): read as such from here on (Netty would keep
     * HTTP/1.8 and refuse its Transfer-Encoding as not HTTP/1.1; found by RequestPathFuzzTest). The guard has
     * checked the version's form.
     */
    @Override
    protected HttpMessage createMessage(String[] initialLine) throws Exception {
        if (initialLine[2].startsWith("HTTP/1.") && !initialLine[2].equals("HTTP/1.0")) {
            initialLine[2] = "HTTP/1.1";
        }
        return super.createMessage(initialLine);
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new SmugglingException("both Content-Length and Transfer-Encoding");
    }

    /**
     * A head the guard refused: what it read of the request line (for the log) and why; its decoder result is the
     * failure. Nothing of it was forwarded.
     */
    static final class RefusedRequest extends DefaultFullHttpRequest {

        private final String rawMethod;
        private final String rawTarget;

        RefusedRequest(String method, String target, RequestRefusal.FramingException cause) {
            super(HttpVersion.HTTP_1_1, HttpMethod.GET, "/refused", Unpooled.EMPTY_BUFFER);
            this.rawMethod = method;
            this.rawTarget = target;
            setDecoderResult(DecoderResult.failure(cause));
        }

        String rawMethod() {
            return rawMethod;
        }

        String rawTarget() {
            return rawTarget;
        }
    }
}
