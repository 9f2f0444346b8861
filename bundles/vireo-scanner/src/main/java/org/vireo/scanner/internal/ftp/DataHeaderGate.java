package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import org.vireo.scanner.internal.proxy.ProxyHeaders;

/**
 * A passive data connection that came through a director: who the client is, its PROXY header says, so the
 * connection is taken only once the header is read and names the session's client. What follows the header waits in
 * the relay behind this gate.
 */
final class DataHeaderGate extends ChannelInboundHandlerAdapter {

    private final InetAddress client;
    private final DataChannel data;
    private final CompletableFuture<DataChannel> accepted;
    private final FtpRuntime runtime;

    DataHeaderGate(InetAddress client, DataChannel data, CompletableFuture<DataChannel> accepted, FtpRuntime runtime) {
        this.client = client;
        this.data = data;
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
        ctx.pipeline().remove(this);
        accepted.complete(data);
        ctx.channel().parent().close();
    }
}
