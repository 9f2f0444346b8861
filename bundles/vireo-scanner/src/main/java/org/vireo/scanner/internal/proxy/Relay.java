package org.vireo.scanner.internal.proxy;

import java.util.function.LongConsumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * One direction of a relayed connection (a CONNECT tunnel, an FTP data connection): bytes from this channel go to the
 * peer. Reading stops while the peer cannot take more, so a fast sender cannot fill the proxy's memory; closing either
 * side closes both, the peer after what it was given is flushed.
 */
public final class Relay extends ChannelInboundHandlerAdapter {

    private final Channel peer;
    private final LongConsumer counted;
    private final Runnable onClose;

    /**
     * @param counted told how many bytes each read brought
     * @param onClose run when this side is closed
     */
    public Relay(Channel peer, LongConsumer counted, Runnable onClose) {
        this.peer = peer;
        this.counted = counted;
        this.onClose = onClose;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            counted.accept(buf.readableBytes());
        }
        peer.writeAndFlush(msg);
        if (!peer.isWritable()) {
            ctx.channel().config().setAutoRead(false);
        }
    }
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        peer.config().setAutoRead(ctx.channel().isWritable());
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (peer.isActive()) {
            peer.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        onClose.run();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
