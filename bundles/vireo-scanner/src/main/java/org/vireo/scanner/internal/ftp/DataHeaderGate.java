package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;

import org.vireo.scanner.internal.proxy.ProxyHeaders;

/**
 * A passive data connection that came through a director: who the client is, its PROXY header says, so the
 * connection is taken only once the header is read and names the session's client. An upload's first bytes may come
 * with the header: they wait here until the transfer's relay is in place ({@link #release}).
 */
final class DataHeaderGate extends ChannelInboundHandlerAdapter {

    private final InetAddress client;
    private final CompletableFuture<Channel> accepted;
    private final FtpRuntime runtime;
    private final ArrayDeque<Object> held = new ArrayDeque<>();

    DataHeaderGate(InetAddress client, CompletableFuture<Channel> accepted, FtpRuntime runtime) {
        this.client = client;
        this.accepted = accepted;
        this.runtime = runtime;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt != ProxyHeaders.READ) {
            ctx.fireUserEventTriggered(evt);
            return;
        }
        ctx.channel().config().setAutoRead(false); // read again once the relay is in place
        InetSocketAddress named = runtime.client().apply(ctx.channel());
        InetAddress peer = named == null ? null : named.getAddress();
        if (accepted.isDone() || !ClientDataSide.sameClient(client, peer)) {
            runtime.log().refusedData(peer == null ? ((InetSocketAddress) ctx.channel().remoteAddress()).getAddress()
                : peer);
            ctx.close();
            return;
        }
        accepted.complete(ctx.channel());
        ctx.channel().parent().close();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        held.add(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release);
        held.clear();
        ctx.fireChannelInactive();
    }

    /** The relay is in place after the gate: what waited goes to it, and the gate leaves. */
    static void release(Channel channel) {
        DataHeaderGate gate = channel.pipeline().get(DataHeaderGate.class);
        if (gate == null) {
            return;
        }
        ChannelHandlerContext ctx = channel.pipeline().context(gate);
        while (!gate.held.isEmpty()) {
            ctx.fireChannelRead(gate.held.poll());
        }
        channel.pipeline().remove(gate);
    }
}
