package org.vireo.scanner.internal.ftp;

import java.util.ArrayDeque;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * Holds what a fetch's data connection brings until its reader is in place: a server sends a small file and closes
 * at once, and epoll reads that on the hang-up even with reading switched off. The connection allows half-closure,
 * so the server's close is an input shutdown and the pipeline stays (a closed channel's pipeline is emptied). At
 * {@link #release} the bytes go on in order, then the end of input if it came.
 */
final class DataHold extends ChannelInboundHandlerAdapter {

    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private boolean ended;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        held.add(msg);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            ended = true; // passed on at release
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release);
        held.clear();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    /** The reader is in place after the hold: what waited goes to it, and the hold leaves. */
    static void release(Channel channel) {
        DataHold hold = channel.pipeline().get(DataHold.class);
        if (hold == null) {
            return;
        }
        ChannelHandlerContext ctx = channel.pipeline().context(hold);
        while (!hold.held.isEmpty()) {
            ctx.fireChannelRead(hold.held.poll());
        }
        if (hold.ended) {
            ctx.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
        }
        channel.pipeline().remove(hold);
    }
}
