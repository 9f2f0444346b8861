package org.vireo.scanner.internal.proxy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpObject;
import io.netty.util.ReferenceCountUtil;

/** The last handler of an origin connection: hands what the origin says to the client connection it serves now. */
final class OriginHandler extends ChannelInboundHandlerAdapter {

    /** The client connection this origin connection serves; null while it waits in the pool. */
    private ClientHandler owner;

    void attach(ClientHandler client) {
        this.owner = client;
    }

    void detach() {
        this.owner = null;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (owner == null || !(msg instanceof HttpObject)) {
            ReferenceCountUtil.release(msg); // an idle origin talking out of turn: it cannot be reused
            ctx.close();
            return;
        }
        owner.onOriginMessage((HttpObject) msg);
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (owner != null) {
            owner.onOriginWritabilityChanged();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (owner != null) {
            owner.onOriginClosed();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
