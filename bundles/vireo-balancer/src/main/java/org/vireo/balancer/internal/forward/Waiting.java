package org.vireo.balancer.internal.forward;

import java.util.ArrayList;
import java.util.List;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * Holds what a client sends before its scanner connection is up (up to {@value #HOLD_BYTES} bytes, then reads
 * pause), and the end of its stream if it half-closes that early. Replaced by a {@link Pipe}, which gets it all in
 * order.
 */
final class Waiting extends ChannelInboundHandlerAdapter {

    /** Held at most (then reads pause until the scanner connection is up): one connect's worth of a client. */
    static final int HOLD_BYTES = 256 * 1024;

    private final List<Object> held = new ArrayList<>();
    private int heldBytes;
    private boolean inputEnded;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        held.add(msg);
        if (msg instanceof io.netty.buffer.ByteBuf buf) {
            heldBytes += buf.readableBytes();
            if (heldBytes >= HOLD_BYTES) {
                ctx.channel().config().setAutoRead(false);
            }
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            inputEnded = true;
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    /** Puts {@code pipe} in this handler's place and hands it what was held. */
    void handOver(ChannelHandlerContext ctx, Pipe pipe) {
        Channel channel = ctx.channel();
        List<Object> messages = List.copyOf(held);
        held.clear(); // taken over: handlerRemoved (called by replace) must not release them
        channel.pipeline().replace(this, "pipe", pipe);
        ChannelHandlerContext pipeContext = channel.pipeline().context(pipe);
        for (Object msg : messages) {
            pipe.channelRead(pipeContext, msg);
        }
        pipe.channelReadComplete(pipeContext);
        if (inputEnded) {
            pipe.userEventTriggered(pipeContext, ChannelInputShutdownEvent.INSTANCE);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release); // closed before a scanner was found
        held.clear();
    }
}
