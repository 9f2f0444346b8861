package org.vireo.scanner.internal.proxy;

import java.util.ArrayDeque;
import java.util.function.LongConsumer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * One direction of a relayed connection (a CONNECT tunnel, an FTP data connection): bytes from this channel go to the
 * peer. Reading stops while the peer cannot take more, so a fast sender cannot fill the proxy's memory; closing either
 * side closes both, the peer after what it was given is flushed.
 *
 * <p>A relay made before its peer exists ({@link #Relay()}, an FTP data connection opened before the other side's)
 * holds what comes, and the close, until {@link #attach}: a server sends a small file and closes at once, and epoll
 * reads that on the hang-up even with reading off. The caller keeps the relay, not the pipeline: a closed channel's
 * pipeline is emptied.
 */
public final class Relay extends ChannelInboundHandlerAdapter {

    private Channel peer;
    private LongConsumer counted;
    private Runnable onClose;
    /** What came before the peer was known; null once attached. */
    private ArrayDeque<Object> held;
    private boolean closedWhileHeld;

    /**
     * @param counted told how many bytes each read brought
     * @param onClose run when this side is closed
     */
    public Relay(Channel peer, LongConsumer counted, Runnable onClose) {
        this.peer = peer;
        this.counted = counted;
        this.onClose = onClose;
    }

    /** A relay whose peer comes later ({@link #attach}). */
    public Relay() {
        this.held = new ArrayDeque<>();
    }

    /**
     * Relays to {@code peer} from now on: what waited goes first, then the close if it came. On this channel's event
     * loop.
     */
    public void attach(Channel peer, LongConsumer counted, Runnable onClose) {
        this.peer = peer;
        this.counted = counted;
        this.onClose = onClose;
        ArrayDeque<Object> waiting = held;
        held = null;
        waiting.forEach(this::forward);
        if (closedWhileHeld) {
            closed();
        }
    }

    /** Never attached (the transfer ended first): what it held is let go. */
    public void discard() {
        if (held != null) {
            held.forEach(ReferenceCountUtil::release);
            held.clear();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (held != null) {
            held.add(msg);
            return;
        }
        forward(msg);
        if (!peer.isWritable()) {
            ctx.channel().config().setAutoRead(false);
        }
    }

    private void forward(Object msg) {
        if (msg instanceof ByteBuf buf) {
            counted.accept(buf.readableBytes());
        }
        peer.writeAndFlush(msg);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (peer != null) {
            peer.config().setAutoRead(ctx.channel().isWritable());
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (held != null) {
            closedWhileHeld = true;
            return;
        }
        closed();
    }

    private void closed() {
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
