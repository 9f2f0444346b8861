package org.vireo.balancer.internal.forward;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.channel.socket.DuplexChannelConfig;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * One direction of a forwarded connection: bytes read here are written to the peer. Reading stops while the peer
 * cannot take more (a slow side slows the other, nothing piles up in memory); the end of this side's input
 * becomes the end of the peer's output (half-close), and the connection closes once both directions ended.
 */
final class Pipe extends ChannelInboundHandlerAdapter {

    private final Channel peer;
    private final Connection connection;
    private final boolean clientSide;

    Pipe(Channel peer, Connection connection, boolean clientSide) {
        this.peer = peer;
        this.connection = connection;
        this.clientSide = clientSide;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            connection.count(clientSide, buf.readableBytes());
        }
        peer.write(msg, peer.voidPromise());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        peer.flush();
        if (!peer.isWritable()) {
            ctx.channel().config().setAutoRead(false);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        // this side drained what the peer sent: let the peer read again
        if (ctx.channel().isWritable() && !connection.ended(!clientSide)) {
            peer.config().setAutoRead(true);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            connection.end(clientSide);
            // after what was already written: the peer sees the end of the stream where it is
            peer.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(f -> {
                if (connection.bothEnded()) {
                    // the close sends the peer's FIN after what was written: a shutdown first is a wasted call
                    connection.close();
                } else if (peer instanceof DuplexChannel duplex && peer.isActive()) {
                    // once the peer's input ends too, both directions are over: Netty then closes the peer rather
                    // than shut its input down first: a system call that fails once the other end has closed, and
                    // an exception with its stack trace, per connection
                    if (peer.config() instanceof DuplexChannelConfig config) {
                        config.setAllowHalfClosure(false);
                    }
                    duplex.shutdownOutput();
                }
            });
        } else if (evt instanceof IdleStateEvent) {
            connection.close();
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (peer.isActive()) {
            peer.writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        connection.closed();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        connection.close();
    }
}
