package org.vireo.scanner.internal.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;

/**
 * Watches the raw bytes of a request head before the HTTP decoder sees them, for what the decoder tolerates but a
 * proxy must refuse: obs-fold continuation lines (the decoder would join them, a smuggling vector), too many header
 * lines, and a head that takes too long to arrive (slow loris). A refusal travels up as a {@link Refusal} event;
 * once refused, no further bytes pass. Bytes after the head (the body) pass unseen until {@link #expectHead()}.
 */
final class HeadGuard extends ChannelInboundHandlerAdapter {

    /** Why the head was refused; the client handler answers with this status and closes. */
    record Refusal(HttpResponseStatus status, String reason) {
    }

    private final int maxHeaderLines;
    private final long headTimeoutMillis;
    private boolean inHead = true;
    private boolean started;
    private boolean refused;
    private int lines;
    private int lineLength;
    private byte previous = '\n';
    private Deadline headDeadline;

    HeadGuard(int maxHeaderLines, long headTimeoutMillis) {
        this.maxHeaderLines = maxHeaderLines;
        this.headTimeoutMillis = headTimeoutMillis;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        headDeadline = Deadline.onLoop(ctx.executor(), headTimeoutMillis, () -> onTimeout(ctx));
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        headDeadline.close(); // closed, or a tunnel now
    }

    /** The next bytes are a new request head (the previous exchange is over). */
    void expectHead() {
        inHead = true;
        started = false;
        lines = 0;
        lineLength = 0;
        previous = '\n';
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (inHead && msg instanceof ByteBuf buf) {
            Refusal refusal = scan(ctx, buf);
            if (refusal != null) {
                refuse(ctx, refusal);
                ReferenceCountUtil.release(msg);
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }

    private Refusal scan(ChannelHandlerContext ctx, ByteBuf buf) {
        if (!started && buf.isReadable()) {
            started = true;
            headDeadline.arm();
        }
        for (int i = buf.readerIndex(); i < buf.writerIndex() && inHead; i++) {
            byte b = buf.getByte(i);
            if (previous == '\n') {
                if ((b == ' ' || b == '\t') && lines > 0) {
                    return new Refusal(HttpResponseStatus.BAD_REQUEST, "obsolete line folding in a header");
                }
            }
            if (b == '\n') {
                if (lineLength == 0 || lineLength == 1 && previous == '\r') {
                    if (lines > 0) {
                        headDone(); // the empty line after the header lines
                    }
                } else if (++lines > maxHeaderLines + 1) { // +1: the request line
                    return new Refusal(HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                        "more than " + maxHeaderLines + " header lines");
                }
                lineLength = 0;
            } else {
                lineLength++;
            }
            previous = b;
        }
        return null;
    }

    private void headDone() {
        inHead = false;
        headDeadline.disarm();
    }

    private void onTimeout(ChannelHandlerContext ctx) {
        if (inHead && !refused) {
            refuse(ctx, new Refusal(HttpResponseStatus.REQUEST_TIMEOUT,
                "the request head did not arrive within " + headTimeoutMillis + " ms"));
        }
    }

    private void refuse(ChannelHandlerContext ctx, Refusal refusal) {
        refused = true;
        headDone();
        ctx.fireUserEventTriggered(refusal);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        headDone();
        ctx.fireChannelInactive();
    }
}
