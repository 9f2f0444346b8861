package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.ProtocolDetectionResult;
import io.netty.handler.codec.ProtocolDetectionState;
import io.netty.handler.codec.haproxy.HAProxyCommand;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyMessageDecoder;
import io.netty.handler.codec.haproxy.HAProxyProtocolVersion;
import io.netty.handler.codec.haproxy.HAProxyProxiedProtocol;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;

/**
 * The front of a client connection. A director's balancer begins every connection it forwards with a PROXY
 * protocol header (v2; v1 is read too) naming the client; once it is read, the connection's client is that one
 * ({@link #client}) for the rules, the access log and X-Forwarded-For. Only a director may send one: a header from
 * any other address is refused, and so is a director's connection without one while {@code requireProxyHeader} is
 * on. Netty's {@link HAProxyMessageDecoder} reads the header (at most {@value #MAX_TLV_BYTES} bytes of TLVs); this
 * handler decides who may send one, bounds the time it may take, and leaves the pipeline once that is settled. A
 * connection that sends nothing (the balancer's health check) is nothing to refuse.
 */
final class ProxyProtocolHandler extends ChannelInboundHandlerAdapter {

    /** The client a director named for this connection; absent: the connection's peer is the client. */
    private static final AttributeKey<InetSocketAddress> CLIENT = AttributeKey.valueOf("vireo.proxy.client");
    private static final AttributeKey<InetSocketAddress> REACHED = AttributeKey.valueOf("vireo.proxy.reached");
    /** TLVs a director may add (HAProxy's unique id, SSL details); ours sends none. Bounds the header's memory. */
    static final int MAX_TLV_BYTES = 256;
    private static final String DECODER = "proxy-header-decoder";
    /** How a v2 and a v1 header begin (haproxy.org's proxy-protocol.txt, 2.2 and 2.1): to tell a request at once. */
    private static final byte[] V2_SIGNATURE = {0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A};
    private static final byte[] V1_SIGNATURE = "PROXY ".getBytes(StandardCharsets.US_ASCII);

    private final ProxyHeaders headers;
    private final Directors directors;
    private final boolean required;
    private final int timeoutMillis;
    private boolean fromDirector;
    /** What came before a header could be told from a request (the 12 bytes of a signature, or the first read). */
    private ByteBuf head;
    private ScheduledFuture<?> deadline;
    private boolean decoding;

    /**
     * @param directors     who may send a header, as known when the connection was accepted
     * @param required      a director's connection without a header is refused
     * @param timeoutMillis the header must be complete this long after its first byte
     */
    ProxyProtocolHandler(ProxyHeaders headers, Directors directors, boolean required, int timeoutMillis) {
        this.headers = headers;
        this.directors = directors;
        this.required = required;
        this.timeoutMillis = timeoutMillis;
    }

    /** The client of a connection: the one its director named, else its peer; null if it has no IP peer. */
    static InetSocketAddress client(Channel channel) {
        InetSocketAddress named = channel.attr(CLIENT).get();
        return named != null ? named : channel.remoteAddress() instanceof InetSocketAddress s ? s : null;
    }

    /**
     * The address the client connected to: the one its director named (the VIP), else this end of the connection;
     * what an FTP passive reply must name, as the client can reach only that.
     */
    static InetSocketAddress reached(Channel channel) {
        InetSocketAddress named = channel.attr(REACHED).get();
        return named != null ? named : channel.localAddress() instanceof InetSocketAddress s ? s : null;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        fromDirector = directors.contains(peer(ctx.channel()));
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HAProxyMessage header) {
            read(ctx, header);
        } else if (decoding || !(msg instanceof ByteBuf bytes)) {
            ctx.fireChannelRead(msg);
        } else {
            look(ctx, bytes);
        }
    }

    /** Bytes before anything is decided: a header's signature, or the start of a request. */
    private void look(ChannelHandlerContext ctx, ByteBuf bytes) {
        if (head == null) {
            head = bytes;
            deadline = ctx.executor().schedule(() -> refuse(ctx, ProxyHeaders.Refusal.INCOMPLETE, ""),
                timeoutMillis, TimeUnit.MILLISECONDS);
        } else if (head instanceof CompositeByteBuf held) {
            held.addComponent(true, bytes);
        } else {
            head = ctx.alloc().compositeBuffer().addComponents(true, head, bytes);
        }
        if (!mayStartHeader(head)) { // a request: decided at its first byte, not after the 12 of a signature
            noHeader(ctx);
            return;
        }
        ProtocolDetectionResult<HAProxyProtocolVersion> detected = HAProxyMessageDecoder.detectProtocol(head);
        if (detected.state() == ProtocolDetectionState.INVALID) {
            noHeader(ctx);
        } else if (detected.state() == ProtocolDetectionState.DETECTED) {
            if (fromDirector) {
                decode(ctx);
            } else {
                refuse(ctx, ProxyHeaders.Refusal.NOT_A_DIRECTOR, "PROXY " + detected.detectedProtocol());
            }
        }
    }

    private void noHeader(ChannelHandlerContext ctx) {
        if (fromDirector && required) {
            refuse(ctx, ProxyHeaders.Refusal.MISSING, "");
        } else {
            passOn(ctx);
        }
    }

    /** Whether the bytes so far begin a v2 or a v1 signature. */
    private static boolean mayStartHeader(ByteBuf bytes) {
        return startsLike(bytes, V2_SIGNATURE) || startsLike(bytes, V1_SIGNATURE);
    }

    private static boolean startsLike(ByteBuf bytes, byte[] signature) {
        int n = Math.min(bytes.readableBytes(), signature.length);
        for (int i = 0; i < n; i++) {
            if (bytes.getByte(bytes.readerIndex() + i) != signature[i]) {
                return false;
            }
        }
        return true;
    }

    /** No header: the connection's peer is its client, and the request goes on as it came. */
    private void passOn(ChannelHandlerContext ctx) {
        ByteBuf bytes = settle();
        ctx.fireChannelRead(bytes);
        ctx.pipeline().remove(this);
    }

    /** Netty's decoder goes before this handler and takes what came so far; the header comes back as a message. */
    private void decode(ChannelHandlerContext ctx) {
        decoding = true;
        HAProxyMessageDecoder decoder = new HAProxyMessageDecoder(MAX_TLV_BYTES);
        ctx.pipeline().addBefore(ctx.name(), DECODER, decoder);
        ByteBuf bytes = head;
        head = null;
        try {
            decoder.channelRead(ctx.pipeline().context(decoder), bytes);
        } catch (Exception e) { // the decoder closed the connection already
            refuse(ctx, ProxyHeaders.Refusal.MALFORMED, String.valueOf(e.getMessage()));
        }
    }

    private void read(ChannelHandlerContext ctx, HAProxyMessage header) {
        try {
            InetSocketAddress client = proxied(header);
            if (client != null) {
                ctx.channel().attr(CLIENT).set(client);
                InetAddress reached = ProxyOptions.literal(header.destinationAddress());
                if (reached != null) {
                    ctx.channel().attr(REACHED).set(new InetSocketAddress(reached, header.destinationPort()));
                }
            }
        } finally {
            header.release();
        }
        settle();
        headers.headerRead();
        ctx.fireUserEventTriggered(ProxyHeaders.READ);
        ctx.pipeline().remove(this); // what followed the header goes from the decoder to the request decoder
    }

    /** The client a header names: a TCP connection's source; null for LOCAL (the director's own) or UNKNOWN. */
    private static InetSocketAddress proxied(HAProxyMessage header) {
        HAProxyProxiedProtocol p = header.proxiedProtocol();
        if (header.command() != HAProxyCommand.PROXY
            || p != HAProxyProxiedProtocol.TCP4 && p != HAProxyProxiedProtocol.TCP6) {
            return null;
        }
        InetAddress source = ProxyOptions.literal(header.sourceAddress());
        return source == null ? null : new InetSocketAddress(source, header.sourcePort());
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (decoding) { // from the decoder: a header that is not one
            refuse(ctx, ProxyHeaders.Refusal.MALFORMED, String.valueOf(cause.getMessage()));
        } else {
            ctx.fireExceptionCaught(cause);
        }
    }

    private void refuse(ChannelHandlerContext ctx, ProxyHeaders.Refusal why, String detail) {
        if (!ctx.channel().isActive() && why == ProxyHeaders.Refusal.INCOMPLETE) {
            return; // gone before its timeout: nothing to refuse
        }
        ReferenceCountUtil.release(settle());
        headers.refused(why, String.valueOf(ctx.channel().remoteAddress()), detail);
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ReferenceCountUtil.release(settle());
        ctx.fireChannelInactive();
    }

    /** Ends the wait: the deadline cancelled, what was held handed back (null when nothing is). */
    private ByteBuf settle() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
        ByteBuf held = head;
        head = null;
        return held;
    }

    private static InetAddress peer(Channel channel) {
        return channel.remoteAddress() instanceof InetSocketAddress s ? s.getAddress() : null;
    }
}
