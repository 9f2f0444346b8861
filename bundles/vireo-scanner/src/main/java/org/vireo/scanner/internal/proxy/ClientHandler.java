package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.NetUtil;
import io.netty.util.ReferenceCountUtil;

import org.vireo.scanner.internal.policy.Admission;
import org.vireo.rules.Verdict;

/**
 * One client connection: reads requests one at a time, checks them (framing, authentication, the policy), and
 * streams each to an origin connection and the answer back. Decoded messages that arrive while the exchange cannot
 * take them (connecting, waiting for the answer) wait in a queue, and reading from the client stops meanwhile.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {

    /** Fired into a client pipeline when the proxy stops: finish the exchange under way, then close. */
    static final Object STOPPING = new Object();

    /** Methods a request of which may be sent again when it had no body (RFC 9110 section 9.2.2). */
    private static final Set<HttpMethod> IDEMPOTENT = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS,
        HttpMethod.TRACE, HttpMethod.PUT, HttpMethod.DELETE);

    /** RFC 5842 section 7.2. */
    private static final HttpResponseStatus LOOP_DETECTED = new HttpResponseStatus(508, "Loop Detected");

    private enum State { IDLE, CONNECTING, FORWARDING, AWAITING_RESPONSE, FETCHING, DISCARDING, TUNNEL, CLOSED }

    private final ProxyRuntime runtime;
    private final ArrayDeque<Object> pending = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private State state = State.IDLE;
    private boolean stopping;

    private Exchange exchange;
    private boolean keepAlive;
    private boolean http10Client;
    private boolean headRequest;
    private boolean requestDone;
    /** The request is a CONNECT: what follows its head is not HTTP, so refusing it closes the connection. */
    private boolean tunnelRequest;
    /** The client waits for 100 Continue before its body: answering without it closes the connection. */
    private boolean expectsContinue;
    /** The names the request's Connection header listed: none of them goes on in its trailers either. */
    private List<String> requestConnectionNames = List.of();
    /** The same for the answer. */
    private List<String> responseConnectionNames = List.of();
    private boolean responseStarted;
    private boolean responseDone;
    /** A 1xx answer is under way: its end is not the end of the exchange. */
    private boolean interim;
    private HttpRequest outbound;
    /**
     * The head sent on a pooled connection, kept while its answer has not begun, when the request may be sent again
     * (idempotent, no body): an origin may close an idle connection just as it is reused, and then the request
     * goes once more on a fresh connection (RFC 9110 section 9.2.2). Null otherwise.
     */
    private HttpRequest resendable;
    private Target originTarget;
    /** The request's admission: the rule set and protected destinations it is decided with, from head to connect. */
    private Admission admission;
    /** The verdict for the address being connected to: the one it was checked with. */
    private Verdict admitted;
    private InetSocketAddress originAddress;
    private Channel origin;
    private String originKey;
    private boolean originReusable;
    /** The request's ftp:// URL fetched over FTP (instead of an origin connection), or null. */
    private FtpGateway ftp;
    /** The origin's answer must begin within originTimeoutMillis of the request's end. */
    private Deadline firstByte;

    ClientHandler(ProxyRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.firstByte = Deadline.onLoop(ctx.executor(), runtime.options().originTimeoutMillis(),
            () -> fail(HttpResponseStatus.GATEWAY_TIMEOUT, "The origin did not answer within "
                + runtime.options().originTimeoutMillis() + " ms."));
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        firstByte.close(); // closed, or handed over to a tunnel's relays
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        runtime.counters().connectionOpened();
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        runtime.counters().connectionClosed();
        if (state == State.TUNNEL) {
            return; // the relays own the rest
        }
        state = State.CLOSED;
        pending.forEach(ReferenceCountUtil::release);
        pending.clear();
        firstByte.disarm();
        if (origin != null) {
            detachOrigin().close();
        }
        if (ftp != null) {
            ftp.close();
        }
        if (exchange != null) {
            if (!requestDone && exchange.refusal == null) {
                exchange.refusal = RequestRefusal.BODY_INCOMPLETE; // the upstream request was closed, never ended
                runtime.counters().refused(RequestRefusal.BODY_INCOMPLETE);
            }
            record();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (state == State.CLOSED || state == State.TUNNEL) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (msg instanceof HttpContent content && !(msg instanceof HttpRequest) && content.decoderResult().isFailure()
            && exchange != null && !requestDone && pending.stream().noneMatch(HttpRequest.class::isInstance)) {
            // the body of the request under way is malformed: abort it now, whether it is connecting or forwarding
            content.release();
            refuseBody(RequestRefusal.ofDecoderFailure(content.decoderResult().cause(), true));
            return;
        }
        pending.add(msg);
        drain();
    }

    private void drain() {
        // a fetch takes no body: what a GET carries is read and dropped meanwhile
        while (!pending.isEmpty() && (state == State.IDLE || state == State.FORWARDING || state == State.DISCARDING
            || state == State.FETCHING && !requestDone)) {
            Object msg = pending.poll();
            if (msg instanceof HttpRequest request && state == State.IDLE) {
                onRequest(request);
            } else if (msg instanceof HttpContent content && state != State.IDLE) {
                onRequestContent(content);
            } else {
                ReferenceCountUtil.release(msg);
            }
        }
        updateClientRead();
    }

    /**
     * Stops reading from the client once something waits that the exchange cannot take yet, or while the origin
     * cannot take the body; otherwise reads on. Stopping only then (not in every state that cannot take a message)
     * spares the two epoll_ctl calls per request that switching reads off and on again would cost, and what can
     * arrive before reads stop is bounded by one socket read.
     */
    private void updateClientRead() {
        if (state == State.CLOSED || state == State.TUNNEL) {
            return;
        }
        boolean read = switch (state) {
            case IDLE, DISCARDING -> true;
            case FORWARDING -> origin != null && origin.isWritable();
            default -> pending.isEmpty();
        };
        ctx.channel().config().setAutoRead(read);
    }

    // ---- request head ----

    private void onRequest(HttpRequest request) {
        boolean refusedHead = request instanceof RequestDecoder.RefusedRequest;
        exchange = new Exchange(Instant.now(), System.nanoTime(), clientAddress(), refusedHead
            ? ((RequestDecoder.RefusedRequest) request).rawMethod() : request.method().name());
        String uri = refusedHead ? ((RequestDecoder.RefusedRequest) request).rawTarget() : request.uri();
        exchange.target = uri.length() > 2048 ? uri.substring(0, 2048) : uri;
        requestDone = false;
        if (request instanceof LastHttpContent) {
            requestComplete();
        }
        responseStarted = false;
        responseDone = false;
        boolean tunnel = HttpMethod.CONNECT.equals(request.method());
        tunnelRequest = tunnel;
        runtime.counters().started(tunnel);
        ReferenceCountUtil.release(request);
        if (request.decoderResult().isFailure()) {
            RequestRefusal why = RequestRefusal.ofDecoderFailure(request.decoderResult().cause(), false);
            refuse(why, "Refused request: " + why.text() + ".");
            return;
        }
        keepAlive = HttpUtil.isKeepAlive(request) && !stopping;
        http10Client = request.protocolVersion().equals(HttpVersion.HTTP_1_0);
        headRequest = HttpMethod.HEAD.equals(request.method());
        expectsContinue = false;
        RequestRefusal expectation = expectation(request);
        if (expectation != null) {
            refuse(expectation, "Refused request: " + expectation.text() + " (RFC 9110 section 10.1.1).");
            return;
        }
        if (!runtime.auth().admits(request.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION))) {
            FullHttpResponse challenge = Responses.error(HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED,
                "This proxy requires authentication.", !keepAlive);
            challenge.headers().set(HttpHeaderNames.PROXY_AUTHENTICATE, ProxyAuth.CHALLENGE);
            respond(challenge, !keepAlive);
            return;
        }
        FtpUrl ftpUrl = tunnel ? null : FtpUrl.parse(request.uri());
        Target target = ftpUrl != null ? ftpUrl.target()
            : tunnel ? Target.authority(request.uri()) : Target.absolute(request.uri());
        if (target == null) {
            refuse(tunnel ? RequestRefusal.CONNECT_TARGET : RequestRefusal.TARGET, tunnel
                ? "CONNECT needs host:port, not '" + exchange.target + "'"
                : "A proxy request needs an absolute http URI (http://host/path) without userinfo or fragment, or an"
                + " ftp URI (ftp://[user[:password]@]host/path), not '" + exchange.target + "'");
            return;
        }
        ftp = ftpUrl == null ? null : new FtpGateway(this, ftpUrl,
            request.headers().get(HttpHeaderNames.AUTHORIZATION), headRequest);
        exchange.target = ftp != null ? ftp.logged() : target.url();
        if (ftp != null && !FtpGateway.METHODS.contains(request.method())) {
            respond(FtpGateway.notAllowed(request.method()), !keepAlive);
            return;
        }
        admission = runtime.admission(); // one rule set for the request, before and after resolving
        Admission.Outcome outcome = admission.admit(new Admission.Request(tunnel ? Admission.Protocol.TUNNEL
            : ftp != null ? Admission.Protocol.FTP : Admission.Protocol.HTTP, clientInetAddress(),
            request.method().name(), target.host(), target.port(), target.url(),
            request.headers().getAll(HttpHeaderNames.VIA)));
        if (outcome instanceof Admission.Refused refused) {
            refuse(refused);
            return;
        }
        if (outcome instanceof Admission.Blocked blocked) {
            refuse(blocked.verdict(), target); // blocked before any DNS query
            return;
        }
        Admission.Resolve resolve = (Admission.Resolve) outcome;
        exchange.rule = resolve.verdict().rule();
        outbound = tunnel || ftp != null ? null : outboundRequest(request, target);
        state = State.CONNECTING;
        connect(target, tunnel, resolve);
    }

    /** A request refused before the rules, answered in HTTP's words. */
    private void refuse(Admission.Refused refused) {
        exchange.rule = refused.rule();
        switch (refused.reason()) {
            case NUMERIC_HOST -> refuse(RequestRefusal.NUMERIC_HOST, "Refused request: " + refused.message());
            case PORT -> respond(Responses.error(HttpResponseStatus.FORBIDDEN, refused.message(), !keepAlive),
                !keepAlive);
            case LOOP -> respond(Responses.error(LOOP_DETECTED, refused.message(), true), true);
        }
    }

    private void refuse(Verdict verdict, Target target) {
        exchange.rule = verdict.rule();
        respond(Responses.blocked(verdict, target.url(), exchange.client, exchange.start, !keepAlive), !keepAlive);
    }

    /**
     * Refuses the message under way for a reason of {@link RequestRefusal}: counted, logged, answered with its status
     * if no answer has begun (else the connection is only closed), the request to the origin aborted, and the client
     * connection closed.
     */
    private void refuse(RequestRefusal why, String message) {
        exchange.refusal = why;
        runtime.counters().refused(why);
        if (responseStarted || state == State.CLOSED) {
            if (origin != null) {
                detachOrigin().close();
            }
            keepAlive = false;
            record();
            ctx.close();
            return;
        }
        fail(why.status(), message, true);
    }

    /** The body of the request under way is malformed: its origin request is aborted, never completed. */
    private void refuseBody(RequestRefusal why) {
        originReusable = false;
        refuse(why, "Refused request: " + why.text() + ".");
    }

    /**
     * An expectation the proxy cannot meet, or null: only 100-continue is defined (RFC 9110 section 10.1.1); an
     * HTTP/1.0 client's is ignored (and not forwarded).
     */
    private RequestRefusal expectation(HttpRequest request) {
        List<String> expect = request.headers().getAll(HttpHeaderNames.EXPECT);
        if (expect.isEmpty()) {
            return null;
        }
        for (String value : expect) {
            if (!value.trim().equalsIgnoreCase("100-continue")) {
                return RequestRefusal.EXPECT;
            }
        }
        if (http10Client) {
            request.headers().remove(HttpHeaderNames.EXPECT);
        } else {
            expectsContinue = true;
        }
        return null;
    }

    private HttpRequest outboundRequest(HttpRequest request, Target target) {
        boolean chunked = HttpUtil.isTransferEncodingChunked(request);
        // the client's headers, edited in place: the request head is not read again after this
        HttpRequest out = new DefaultHttpRequest(HttpVersion.HTTP_1_1, request.method(), target.pathAndQuery(),
            request.headers());
        requestConnectionNames = HopByHop.connectionNames(out.headers());
        HopByHop.strip(out.headers());
        if (chunked) {
            out.headers().set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
        out.headers().set(HttpHeaderNames.HOST, target.hostHeader());
        out.headers().add(HttpHeaderNames.VIA, via(request.protocolVersion()));
        if (runtime.options().xForwardedFor()) {
            String previous = out.headers().get("X-Forwarded-For");
            out.headers().set("X-Forwarded-For", previous == null ? exchange.client : previous + ", "
                + exchange.client);
        }
        return out;
    }

    private String via(HttpVersion version) {
        return version.majorVersion() + "." + version.minorVersion() + " " + runtime.options().viaName();
    }

    // ---- connecting ----

    private void connect(Target target, boolean tunnel, Admission.Resolve resolve) {
        updateClientRead();
        runtime.resolver().resolve(target.host()).whenComplete((addresses, error) -> {
            // a cached answer completes here on the I/O thread: go on at once, so that a pooled origin connection
            // takes the request before the rest of what this read brought (no queueing, no read switched off)
            if (ctx.executor().inEventLoop()) {
                resolved(target, tunnel, resolve, addresses, error);
            } else {
                ctx.executor().execute(() -> resolved(target, tunnel, resolve, addresses, error));
            }
        });
    }

    /** The future would swallow what onResolved throws, and the exchange would wait for ever: it fails instead. */
    private void resolved(Target target, boolean tunnel, Admission.Resolve resolve, List<InetAddress> addresses,
                          Throwable error) {
        try {
            onResolved(target, tunnel, resolve, addresses, error);
        } catch (RuntimeException e) {
            fail(HttpResponseStatus.BAD_GATEWAY, "Cannot go to " + target.url() + ": " + e.getMessage());
        }
    }

    /** Has every address the host resolved to decided, and connects to the first allowed one. */
    private void onResolved(Target target, boolean tunnel, Admission.Resolve resolve, List<InetAddress> addresses,
                            Throwable error) {
        if (state != State.CONNECTING) {
            return;
        }
        if (error != null) {
            fail(HttpResponseStatus.BAD_GATEWAY, "Cannot resolve the host " + target.host() + ".");
            return;
        }
        Admission.Outcome outcome = admission.addresses(resolve, addresses);
        if (outcome instanceof Admission.Blocked blocked) {
            refuse(blocked.verdict(), target);
            return;
        }
        Admission.Allowed allowed = (Admission.Allowed) outcome;
        admitted = allowed.verdict();
        exchange.rule = admitted.rule();
        InetAddress address = allowed.addresses().get(0);
        InetSocketAddress socket = new InetSocketAddress(address, target.port());
        // the checked address is part of the key: a pooled connection serves only requests that chose its address
        originKey = target.host() + ":" + target.port() + "@" + address.getHostAddress();
        originTarget = target;
        if (ftp != null) {
            state = State.FETCHING;
            ftp.start(ctx.channel().eventLoop(), socket, runtime);
            drain();
            return;
        }
        if (tunnel) {
            runtime.pool().connectRaw(ctx.channel().eventLoop(), socket)
                .addListener((ChannelFuture f) -> onTunnelConnected(f, target));
            return;
        }
        originAddress = socket;
        Channel pooled = runtime.pool().takeIdle(ctx.channel().eventLoop(), originKey);
        if (pooled != null) {
            onOriginConnected(pooled, true);
        } else {
            connectOrigin();
        }
    }

    private void connectOrigin() {
        Target target = originTarget;
        runtime.pool().connectHttp(ctx.channel().eventLoop(), originAddress, originKey)
            .addListener((ChannelFuture f) -> {
                if (f.isSuccess()) {
                    onOriginConnected(f.channel(), false);
                } else {
                    onConnectFailed(f, target);
                }
            });
    }

    private void onConnectFailed(ChannelFuture f, Target target) {
        if (state != State.CONNECTING) {
            return;
        }
        if (f.cause() instanceof ConnectTimeoutException) {
            fail(HttpResponseStatus.GATEWAY_TIMEOUT, "Connecting to " + target.url() + " timed out.");
        } else {
            fail(HttpResponseStatus.BAD_GATEWAY, "Cannot connect to " + target.host() + " port " + target.port()
                + ": " + f.cause().getMessage());
        }
    }

    private void onOriginConnected(Channel channel, boolean pooled) {
        if (state != State.CONNECTING) {
            channel.close();
            return;
        }
        Verdict onThisNode = pooled ? admitted : connectedTo(channel);
        if (!onThisNode.allowed()) {
            channel.close();
            refuse(onThisNode, originTarget);
            return;
        }
        origin = channel;
        originReusable = true;
        origin.config().setAutoRead(true);
        origin.pipeline().get(OriginHandler.class).attach(this);
        resendable = pooled && IDEMPOTENT.contains(outbound.method()) ? outbound : null;
        origin.write(outbound);
        outbound = null;
        state = State.FORWARDING;
        if (requestDone) { // a FullHttpRequest: nothing more will come
            origin.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            afterRequestSent();
        }
        drain();
        if (state == State.FORWARDING && pending.isEmpty()) {
            origin.flush(); // the body has not come yet: the head goes now (the origin may answer Expect at once)
        }
    }

    /** The verdict for a new connection: {@link Admission#connected} (a test's embedded channel has no IP ends). */
    private Verdict connectedTo(Channel channel) {
        if (channel.localAddress() instanceof InetSocketAddress local
            && channel.remoteAddress() instanceof InetSocketAddress remote) {
            return admission.connected(local, remote, admitted);
        }
        return admitted;
    }

    // ---- request body ----

    /** The client has sent the whole request (what it sends next is the next request, the guard reads it). */
    private void requestComplete() {
        requestDone = true;
    }

    private void onRequestContent(HttpContent content) {
        if (content.decoderResult().isFailure()) {
            content.release();
            refuseBody(RequestRefusal.ofDecoderFailure(content.decoderResult().cause(), true));
            return;
        }
        boolean last = content instanceof LastHttpContent;
        if (state == State.FORWARDING) {
            exchange.bytesUp += content.content().readableBytes();
            origin.writeAndFlush(last ? Trailers.filter((LastHttpContent) content, requestConnectionNames,
                runtime.counters()) : content);
            if (last) {
                requestComplete();
                afterRequestSent();
            }
            return;
        }
        ReferenceCountUtil.release(content); // DISCARDING: the body of a request already answered
        if (last) {
            requestComplete();
            if (responseDone) {
                endExchange();
            }
        }
    }

    private void afterRequestSent() {
        if (responseDone) {
            endExchange();
            return;
        }
        state = State.AWAITING_RESPONSE;
        if (!responseStarted) {
            firstByte.arm();
        }
    }

    // ---- response ----

    void onOriginMessage(HttpObject msg) {
        if (msg instanceof HttpResponse response) {
            onResponseHead(response);
        }
        if (msg instanceof HttpContent content) {
            onResponseContent(content);
        }
    }

    private void onResponseHead(HttpResponse response) {
        firstByte.disarm();
        resendable = null;
        if (response.decoderResult().isFailure() || !plainCodings(response)) {
            originReusable = false;
            RequestRefusal why = response.decoderResult().isFailure()
                ? RequestRefusal.ofOriginFailure(response.decoderResult().cause()) : RequestRefusal.ORIGIN_FRAMING;
            refuse(why, "The origin sent a malformed response: " + why.text() + ".");
            return;
        }
        int code = response.status().code();
        interim = code >= 100 && code < 200;
        if (interim && http10Client) {
            return; // an HTTP/1.0 client knows no interim answers; its LastHttpContent is dropped too
        }
        responseStarted = true;
        exchange.status = code;
        originReusable &= HttpUtil.isKeepAlive(response);
        responseConnectionNames = HopByHop.connectionNames(response.headers());
        keepAlive = ResponseFraming.prepare(response, headRequest, http10Client, keepAlive,
            runtime.options().viaName());
        ctx.write(response);
    }

    private void onResponseContent(HttpContent content) {
        if (content.decoderResult().isFailure()) {
            content.release();
            originReusable = false;
            refuse(RequestRefusal.ORIGIN_MALFORMED, "The origin sent a malformed response.");
            return;
        }
        boolean last = content instanceof LastHttpContent;
        if (interim) {
            if (http10Client) {
                ReferenceCountUtil.release(content);
            } else {
                ctx.writeAndFlush(content);
            }
            interim = !last;
            if (last) {
                interim = false;
                responseStarted = false;
            }
            return;
        }
        exchange.bytesDown += content.content().readableBytes();
        if (!last) {
            ctx.writeAndFlush(content);
            if (!ctx.channel().isWritable()) {
                originReads(false);
            }
            return;
        }
        responseDone = true;
        record(); // before the last write, so that whoever sees the answer also sees it counted
        ctx.writeAndFlush(Trailers.filter((LastHttpContent) content, responseConnectionNames, runtime.counters()));
        if (requestDone) {
            endExchange();
        } else {
            originReusable = false; // answered before the request was whole: the origin's framing is unknown
            state = State.DISCARDING;
            updateClientRead();
        }
    }

    /**
     * The answer's Transfer-Encoding is none or exactly chunked: the proxy re-frames the body and strips the field, so
     * any other coding (gzip, chunked) would reach the client undeclared.
     */
    private static boolean plainCodings(HttpResponse response) {
        List<String> codings = response.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
        return codings.isEmpty() || codings.size() == 1 && codings.get(0).trim().equalsIgnoreCase("chunked");
    }

    void onOriginWritabilityChanged() {
        updateClientRead();
    }

    void onOriginClosed() {
        origin = null;
        if (resendable != null && !responseStarted && requestDone && exchange.bytesUp == 0
            && state != State.CLOSED) {
            // the pooled connection was closed under the request: once more, on a fresh connection
            firstByte.disarm();
            outbound = resendable;
            resendable = null;
            state = State.CONNECTING;
            connectOrigin();
            return;
        }
        if (responseStarted && !responseDone) {
            record();
            ctx.close(); // the answer is cut: the client must see that too
        } else if (!responseDone && state != State.CLOSED) {
            fail(HttpResponseStatus.BAD_GATEWAY, "The origin closed the connection without an answer.");
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        originReads(ctx.channel().isWritable());
        ctx.fireChannelWritabilityChanged();
    }

    /** Reads the answer on only while the client can take it: a slow client slows the origin, not fills memory. */
    private void originReads(boolean on) {
        if (origin != null) {
            origin.config().setAutoRead(on);
        } else if (ftp != null) {
            ftp.read(on);
        }
    }

    // ---- ftp:// URLs: the gateway's answer comes as an origin's does (onOriginMessage, onOriginClosed) ----

    /** The FTP server's control connection is made: whether it may be used (else the client has the block page). */
    boolean ftpConnected(Channel control) {
        Verdict onThisNode = connectedTo(control);
        if (!onThisNode.allowed()) {
            refuse(onThisNode, originTarget);
        }
        return onThisNode.allowed();
    }

    /** The fetch failed before its data: its error page is the answer. */
    void onFtpAnswer(FullHttpResponse page) {
        if (state != State.FETCHING) {
            page.release();
            return;
        }
        respond(page, !keepAlive);
    }

    // ---- tunnels ----

    private void onTunnelConnected(ChannelFuture f, Target target) {
        if (!f.isSuccess()) {
            onConnectFailed(f, target);
            return;
        }
        Channel remote = f.channel();
        if (state != State.CONNECTING) {
            remote.close();
            return;
        }
        Verdict onThisNode = connectedTo(remote);
        if (!onThisNode.allowed()) {
            remote.close();
            refuse(onThisNode, target);
            return;
        }
        state = State.TUNNEL;
        exchange.status = 200;
        pending.forEach(ReferenceCountUtil::release); // nothing may follow a CONNECT before its answer
        pending.clear();
        FullHttpResponse established = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
            new HttpResponseStatus(200, "Connection Established"), Unpooled.EMPTY_BUFFER);
        ctx.writeAndFlush(established).addListener((ChannelFuture written) -> {
            if (!written.isSuccess()) {
                remote.close();
                record();
                return;
            }
            Exchange tunnel = exchange;
            Runnable onClose = () -> {
                if (!tunnel.logged) {
                    runtime.counters().finished(tunnel.status, tunnel.bytesUp, tunnel.bytesDown);
                    runtime.accessLog().record(tunnel, System.nanoTime(), ctx.channel().eventLoop());
                }
            };
            remote.pipeline().addLast(new Relay(ctx.channel(), n -> tunnel.bytesDown += n, onClose));
            ctx.pipeline().addLast(new Relay(remote, n -> tunnel.bytesUp += n, onClose));
            ctx.pipeline().remove(HttpResponseEncoder.class);
            ctx.pipeline().remove(this);
            ctx.pipeline().remove(RequestDecoder.class); // hands any bytes it holds to the relay
            remote.config().setAutoRead(true);
            ctx.channel().config().setAutoRead(true);
        });
    }

    // ---- ends ----

    /** Answers the current request with the proxy's own response instead of the origin's. */
    private void fail(HttpResponseStatus status, String message) {
        fail(status, message, !keepAlive);
    }

    private void fail(HttpResponseStatus status, String message, boolean close) {
        if (state == State.CLOSED || responseStarted) {
            return;
        }
        firstByte.disarm();
        if (origin != null) {
            detachOrigin().close();
        }
        respond(Responses.error(status, message, close), close);
    }

    private void respond(FullHttpResponse response, boolean close) {
        // after a CONNECT the bytes are not HTTP; a client waiting for 100 Continue may never send its body
        close |= tunnelRequest || expectsContinue && !requestDone;
        exchange.status = response.status().code();
        responseStarted = true;
        responseDone = true;
        if (close || stopping) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            keepAlive = false;
        }
        if (http10Client && keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        ctx.writeAndFlush(response);
        if (!keepAlive || close) {
            keepAlive = false;
            endExchange();
        } else if (requestDone) {
            endExchange();
        } else {
            state = State.DISCARDING;
            updateClientRead();
        }
    }

    private void endExchange() {
        firstByte.disarm();
        resendable = null;
        if (ftp != null) {
            ftp.close(); // ended already, unless the exchange was cut short
            ftp = null;
        }
        record();
        exchange = null;
        if (origin != null) {
            Channel o = detachOrigin();
            if (originReusable && requestDone && responseDone) {
                runtime.pool().release(o, originKey);
            } else {
                o.close();
            }
        }
        if (!keepAlive) {
            state = State.CLOSED;
            pending.forEach(ReferenceCountUtil::release);
            pending.clear();
            ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        state = State.IDLE;
        drain();
    }

    private Channel detachOrigin() {
        Channel o = origin;
        origin = null;
        o.pipeline().get(OriginHandler.class).detach();
        return o;
    }

    private void record() {
        if (exchange != null && !exchange.logged) {
            runtime.counters().finished(exchange.status, exchange.bytesUp, exchange.bytesDown);
            if (!tunnelRequest) {
                runtime.counters().timed(System.nanoTime() - exchange.startNanos);
            }
            runtime.accessLog().record(exchange, System.nanoTime(), ctx.channel().eventLoop());
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt == RequestRefusal.HEAD_TIMEOUT) {
            runtime.counters().refused(RequestRefusal.HEAD_TIMEOUT);
            if (state == State.IDLE) {
                exchange = new Exchange(Instant.now(), System.nanoTime(), clientAddress(), "-");
                exchange.refusal = RequestRefusal.HEAD_TIMEOUT;
                runtime.counters().started(false);
                respond(Responses.error(HttpResponseStatus.REQUEST_TIMEOUT, "The request head did not arrive within "
                    + runtime.options().headerTimeoutMillis() + " ms.", true), true);
            } else {
                ctx.close(); // a pipelined head: the exchange under way is cut (its log line says so)
            }
        } else if (evt == STOPPING) {
            stopping = true;
            keepAlive = false;
            if (state == State.IDLE && pending.isEmpty()) {
                ctx.close();
            }
        } else if (evt instanceof IdleStateEvent) {
            if (state == State.IDLE && pending.isEmpty()) {
                ctx.close();
            }
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    /** RFC 5952's text (fd77::100): the access log, the block page and X-Forwarded-For write it so. */
    private String clientAddress() {
        InetAddress a = clientInetAddress();
        return a == null ? "-" : NetUtil.toAddressString(a);
    }

    /** The client: the one a director's PROXY header named, else the connection's peer. */
    private InetAddress clientInetAddress() {
        InetSocketAddress client = ProxyProtocolHandler.client(ctx.channel());
        return client == null ? null : client.getAddress();
    }
}
