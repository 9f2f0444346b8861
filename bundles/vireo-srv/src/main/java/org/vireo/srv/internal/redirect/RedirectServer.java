package org.vireo.srv.internal.redirect;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The login endpoint's listener: small HTTP/1.1 (over TLS when given a context) on one NIO thread (a request is a
 * lookup in the registry snapshot, no I/O), each request answered by the {@link RedirectEndpoint} of the moment.
 */
final class RedirectServer {

    private static final int MAX_REQUEST_BYTES = 16 * 1024;
    private static final int IDLE_SECONDS = 30;

    private final EventLoopGroup group;
    private final Channel channel;

    private RedirectServer(EventLoopGroup group, Channel channel) {
        this.group = group;
        this.channel = channel;
    }

    /**
     * Listens on {@code address}.
     *
     * @throws IllegalStateException naming the address and the cause when it cannot listen (port in use, no such address)
     */
    static RedirectServer start(InetSocketAddress address, Optional<SslContext> tls,
                                Supplier<RedirectEndpoint> endpoint) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("vireo-srv-redirect"),
            NioIoHandler.newFactory());
        try {
            Channel ch = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        tls.ifPresent(t -> c.pipeline().addLast(t.newHandler(c.alloc())));
                        c.pipeline().addLast(new ReadTimeoutHandler(IDLE_SECONDS), new HttpServerCodec(),
                            new HttpObjectAggregator(MAX_REQUEST_BYTES),
                            new Handler(endpoint));
                    }
                }).bind(address).syncUninterruptibly().channel();
            return new RedirectServer(group, ch);
        } catch (Exception e) { // Netty rethrows the bind's checked exception (BindException) undeclared
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IllegalStateException("cannot listen on " + address + ": " + e.getMessage(), e);
        }
    }

    InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    void stop() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final Supplier<RedirectEndpoint> endpoint;

        Handler(Supplier<RedirectEndpoint> endpoint) {
            this.endpoint = endpoint;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            RedirectEndpoint.Answer a = request.decoderResult().isSuccess()
                ? endpoint.get().answer(request.method().name(), request.uri())
                : new RedirectEndpoint.Answer(400, Map.of(), "malformed request\n");
            boolean head = request.method().equals(HttpMethod.HEAD);
            byte[] body = a.body().getBytes(StandardCharsets.UTF_8);
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(a.status()), head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
            a.headers().forEach((k, v) -> response.headers().set(k, v));
            if (!response.headers().contains(HttpHeaderNames.CONTENT_TYPE)) {
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
            }
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
            boolean keepAlive = HttpUtil.isKeepAlive(request) && request.decoderResult().isSuccess();
            HttpUtil.setKeepAlive(response, keepAlive);
            var f = ctx.writeAndFlush(response);
            if (!keepAlive) {
                f.addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close(); // a client's reset or a read timeout: nothing to tell it
        }
    }
}
