package org.vireo.scanner.internal.ftp;

import java.util.ArrayDeque;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

/**
 * Holds what a data connection brings until the transfer's relay is in place: a server sends a small file and
 * closes its data connection at once, and epoll reads that (and sees the close) on the peer's hang-up even with
 * reading switched off, so without this the bytes would reach no one and the transfer would end empty. At
 * {@link #release} the bytes go to the relay in order, then the close if it came.
 */
final class DataHold extends ChannelInboundHandlerAdapter {

    private final ArrayDeque<Object> held = new ArrayDeque<>();
    private boolean closed;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        held.add(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed = true; // told to the relay at release; dropped with the bytes if none comes
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

    /** The relay is in place after the hold: what waited goes to it, and the hold leaves. */
    static void release(Channel channel) {
        DataHold hold = channel.pipeline().get(DataHold.class);
        if (hold == null) {
            return;
        }
        ChannelHandlerContext ctx = channel.pipeline().context(hold);
        while (!hold.held.isEmpty()) {
            ctx.fireChannelRead(hold.held.poll());
        }
        boolean closed = hold.closed;
        channel.pipeline().remove(hold);
        if (closed) {
            ctx.fireChannelInactive();
        }
    }
}
