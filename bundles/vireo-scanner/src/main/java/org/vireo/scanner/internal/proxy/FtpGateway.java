package org.vireo.scanner.internal.proxy;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;

import org.vireo.scanner.internal.ftp.FtpFetch;

/**
 * An {@code ftp://} request answered in HTTP: it runs an {@link FtpFetch} and hands what comes to the client handler
 * as an origin's answer would come (so framing, HEAD, HTTP/1.0 clients, backpressure and the access log are the
 * same): a file as it is, a listing as an HTML page, the names of {@code ;type=d} as text; or, when the fetch
 * fails before its data, the error page of its status with the server's reply.
 */
final class FtpGateway implements FtpFetch.Receiver {

    /** The methods an ftp URL takes: fetching is all FTP over HTTP does. */
    static final Set<HttpMethod> METHODS = Set.of(HttpMethod.GET, HttpMethod.HEAD);

    private final ClientHandler handler;
    private final FtpUrl url;
    private final ProxyAuth.Credentials login;
    private final boolean head;
    private FtpFetch fetch;
    /** What the data is, once it began. */
    private FtpFetch.Content content;

    /** @param authorization the request's {@code Authorization} header (the server's credentials), or null */
    FtpGateway(ClientHandler handler, FtpUrl url, String authorization, boolean head) {
        this.handler = handler;
        this.url = url;
        this.login = url.login(authorization);
        this.head = head;
    }

    /** The answer to another method than {@link #METHODS} on an ftp URL. */
    static FullHttpResponse notAllowed(HttpMethod method) {
        FullHttpResponse response = Responses.error(HttpResponseStatus.METHOD_NOT_ALLOWED, "An ftp:// URL is"
            + " fetched with GET or HEAD through this proxy, not " + method.name() + ".", false);
        response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
        return response;
    }

    /** The access log's target: the URL with the user who logs in. */
    String logged() {
        return url.logged(login.user());
    }

    /** Fetches from {@code server}, the address the request was admitted to, on the client's loop. */
    void start(EventLoop loop, InetSocketAddress server, ProxyRuntime runtime) {
        fetch = FtpFetch.start(loop, server, runtime.pool()::connectRaw, runtime.options().originTimeoutMillis(),
            url.request(login, !head), this);
    }

    /** Whether the client can take more: the fetch reads on only while it can. */
    void read(boolean on) {
        if (fetch != null) {
            fetch.read(on);
        }
    }

    /** The exchange is over (answered, cut, or the client left): the fetch stops, if it has not ended. */
    void close() {
        if (fetch != null) {
            fetch.close();
        }
    }

    @Override
    public boolean admits(Channel control) {
        return handler.ftpConnected(control);
    }

    @Override
    public void begin(FtpFetch.Content what, long size) {
        content = what;
        HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType(what));
        if (size >= 0) {
            response.headers().set(HttpHeaderNames.CONTENT_LENGTH, size);
        }
        handler.onOriginMessage(response);
        if (what == FtpFetch.Content.LISTING && !head) {
            write(FtpListing.start(url));
        }
    }

    private String contentType(FtpFetch.Content what) {
        return switch (what) {
            case LISTING -> "text/html; charset=utf-8";
            case NAMES -> "text/plain";
            case FILE -> url.type() == FtpFetch.Type.ASCII ? "text/plain" : "application/octet-stream";
        };
    }

    @Override
    public void data(ByteBuf bytes) {
        if (content != FtpFetch.Content.LISTING) {
            handler.onOriginMessage(new DefaultHttpContent(bytes));
            return;
        }
        String line = bytes.toString(StandardCharsets.ISO_8859_1);
        bytes.release();
        write(FtpListing.line(url.directory(), line));
    }

    @Override
    public void end() {
        if (content == FtpFetch.Content.LISTING && !head) {
            write(FtpListing.END);
        }
        handler.onOriginMessage(LastHttpContent.EMPTY_LAST_CONTENT);
    }

    @Override
    public void failed(FtpFetch.Failure failure) {
        if (content != null) {
            handler.onOriginClosed(); // the answer is cut: the client sees its connection end
            return;
        }
        FullHttpResponse page = Responses.error(status(failure.problem()), failure.message(), false);
        if (failure.problem() == FtpFetch.Problem.LOGIN) {
            page.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, "Basic realm=\"FTP " + url.authority() + "\"");
        }
        handler.onFtpAnswer(page);
    }

    private static HttpResponseStatus status(FtpFetch.Problem problem) {
        return switch (problem) {
            case LOGIN -> HttpResponseStatus.UNAUTHORIZED;
            case NOT_FOUND -> HttpResponseStatus.NOT_FOUND;
            case REFUSED, UNREACHABLE -> HttpResponseStatus.BAD_GATEWAY;
            case TIMEOUT -> HttpResponseStatus.GATEWAY_TIMEOUT;
        };
    }

    private void write(String html) {
        handler.onOriginMessage(new DefaultHttpContent(Unpooled.copiedBuffer(html, StandardCharsets.UTF_8)));
    }
}
