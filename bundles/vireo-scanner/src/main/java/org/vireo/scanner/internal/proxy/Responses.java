package org.vireo.scanner.internal.proxy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

import org.vireo.rules.Verdict;

/** The proxy's own answers: small HTML pages for errors and for requests the rules block. */
final class Responses {

    /** The end of one of the proxy's pages. */
    static final String PAGE_END = "\n<p><small>Vireo proxy</small></p></body></html>\n";

    private Responses() {
    }

    /** An error page; the message is shown to the user, so it is escaped. */
    static FullHttpResponse error(HttpResponseStatus status, String message, boolean close) {
        return page(status, status.code() + " " + status.reasonPhrase(),
            "<p>" + escape(message) + "</p>", close);
    }

    /** The block page: which rule, which URL, for whom, when and why. */
    static FullHttpResponse blocked(Verdict verdict, String url, String client, Instant at, boolean close) {
        String body = "<p>Access to this address is blocked by the web security policy.</p>\n<dl>"
            + "<dt>URL</dt><dd>" + escape(url) + "</dd>"
            + "<dt>Rule</dt><dd>" + escape(verdict.rule() == null ? "(default)" : verdict.rule()) + "</dd>"
            + "<dt>Reason</dt><dd>" + escape(verdict.reason() == null ? "" : verdict.reason()) + "</dd>"
            + "<dt>Client</dt><dd>" + escape(client) + "</dd>"
            + "<dt>Time</dt><dd>" + escape(at.toString()) + "</dd></dl>";
        return page(HttpResponseStatus.FORBIDDEN, "Blocked", body, close);
    }

    /** The start of one of the proxy's pages, up to its heading. */
    static String pageStart(String title) {
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + escape(title)
            + "</title></head>\n<body><h1>" + escape(title) + "</h1>\n";
    }

    private static FullHttpResponse page(HttpResponseStatus status, String title, String body, boolean close) {
        String html = pageStart(title) + body + PAGE_END;
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
            Unpooled.wrappedBuffer(bytes));
        response.headers()
            .set(HttpHeaderNames.CONTENT_TYPE, "text/html; charset=utf-8")
            .set(HttpHeaderNames.CONTENT_LENGTH, bytes.length)
            .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        if (close) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }

    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
