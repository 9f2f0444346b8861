package org.vireo.scanner.internal.proxy;

import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.InvalidChunkExtensionException;
import io.netty.handler.codec.http.InvalidChunkTerminationException;
import io.netty.handler.codec.http.InvalidLineSeparatorException;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;

/**
 * Why the proxy refused a message: the one list of reasons, each with the status the client gets, its code in the
 * access log's {@code refusal} field and in {@code scanner:stats}, and what it means. Every refusal closes the client
 * connection (where the framing is in doubt, nothing after it can be trusted), counts under its reason and is
 * logged with it. {@link #ofDecoderFailure} maps the causes Netty's decoder gives to these, in one place.
 */
public enum RequestRefusal {

    // ---- the request line (RFC 9112 section 3) ----
    REQUEST_LINE("request-line", 400, "a malformed request line (not 'METHOD SP target SP HTTP/d.d CRLF')"),
    VERSION("version", 505, "an HTTP major version other than 1 (HTTP/2.0 on an HTTP/1 connection, HTTP/0.9)"),
    REQUEST_LINE_TOO_LONG("request-line-too-long", 414, "a request line longer than maxInitialLineBytes"),
    LINE_ENDING("line-ending", 400, "a bare CR or a bare LF: every line of the head and of chunked framing ends in"
        + " CRLF"),

    // ---- header fields (RFC 9110 section 5, RFC 9112 section 5) ----
    HEADER_SYNTAX("header-syntax", 400, "a malformed header line: an empty or invalid field name, whitespace"
        + " before the colon, no colon"),
    HEADER_VALUE("header-value", 400, "a control character (NUL, DEL, ...) in a header value"),
    OBS_FOLD("obs-fold", 400, "a header or trailer line continued on the next (obsolete line folding)"),
    HEADERS_TOO_LARGE("header-too-large", 431, "a head larger than maxHeaderBytes"),
    TOO_MANY_HEADERS("too-many-headers", 431, "more than maxHeaderCount header lines"),
    HEAD_TIMEOUT("head-timeout", 408, "a request head not complete within headerTimeoutMillis (slow loris)"),
    HOST("host", 400, "an HTTP/1.1 request without Host, with more than one, or with an invalid one"),
    EXPECT("expect", 417, "an Expect other than 100-continue"),

    // ---- framing (RFC 9112 section 6) ----
    CONTENT_LENGTH("content-length", 400, "a Content-Length that is not one decimal number, or more than one"
        + " (also equal ones, also on HTTP/1.0)"),
    TRANSFER_ENCODING("transfer-encoding", 400, "a Transfer-Encoding other than exactly one 'chunked', or one on"
        + " HTTP/1.0"),
    TE_AND_CL("te-and-cl", 400, "both Transfer-Encoding and Content-Length"),

    // ---- the target (RFC 9112 section 3.2) ----
    TARGET("target", 400, "a target that is not an absolute http URI (origin-form, asterisk-form, another scheme,"
        + " userinfo, a fragment)"),
    NUMERIC_HOST("numeric-host", 400, "a host that ends in a number but is not a dotted-quad IPv4 address"),
    CONNECT_TARGET("connect-target", 400, "a CONNECT target that is not host:port"),
    CONNECT_BODY("connect-body", 400, "a CONNECT with a body (Content-Length or Transfer-Encoding)"),

    // ---- a chunked body (RFC 9112 section 7.1) ----
    CHUNK_SIZE("chunk-size", 400, "a chunk size that is not 1-8 hex digits up to 7fffffff"),
    CHUNK_EXTENSION("chunk-extension", 400, "a chunk extension that is not ;name[=value] in visible ASCII, or longer"
        + " than 256 bytes"),
    CHUNK_DATA("chunk-data", 400, "chunk data longer than its size (not followed by CRLF)"),
    TRAILER("trailer", 400, "a malformed trailer section"),
    MALFORMED_BODY("malformed-body", 400, "a body the decoder could not read"),
    BODY_INCOMPLETE("body-incomplete", 0, "the client closed the connection before its body was complete"),

    // ---- the origin's answer ----
    ORIGIN_FRAMING("origin-framing", 502, "an answer with ambiguous framing (two Content-Length, Transfer-Encoding"
        + " with Content-Length, Transfer-Encoding other than chunked)"),
    ORIGIN_MALFORMED("origin-malformed", 502, "an answer the decoder could not read");

    private final String code;
    private final int status;
    private final String text;

    RequestRefusal(String code, int status, String text) {
        this.code = code;
        this.status = status;
        this.text = text;
    }

    /** Its code in the access log and {@code scanner:stats}. */
    public String code() {
        return code;
    }

    /** The status the client is answered with (0: none, the client is gone). */
    public int statusCode() {
        return status;
    }

    HttpResponseStatus status() {
        return HttpResponseStatus.valueOf(status);
    }

    public String text() {
        return text;
    }

    /** The failure of a decoded message, as one of ours: {@code inBody} for a body's content, else a head. */
    static RequestRefusal ofDecoderFailure(Throwable cause, boolean inBody) {
        if (cause instanceof FramingException refused) {
            return refused.refusal();
        }
        if (cause instanceof RequestDecoder.SmugglingException) {
            return TE_AND_CL;
        }
        if (cause instanceof InvalidLineSeparatorException) {
            return LINE_ENDING;
        }
        if (inBody) {
            return ofBodyFailure(cause);
        }
        if (cause instanceof TooLongHttpLineException) {
            return REQUEST_LINE_TOO_LONG;
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return HEADERS_TOO_LARGE;
        }
        String message = String.valueOf(cause.getMessage());
        return message.contains("Content-Length") ? CONTENT_LENGTH : message.contains("version") ? REQUEST_LINE
            : HEADER_SYNTAX;
    }

    /** The failure of a message from an origin. */
    static RequestRefusal ofOriginFailure(Throwable cause) {
        String message = String.valueOf(cause.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return cause instanceof OriginCodec.AmbiguousFramingException || message.contains("content-length")
            || message.contains("transfer-encoding") || message.contains("transfer coding") ? ORIGIN_FRAMING : ORIGIN_MALFORMED;
    }

    private static RequestRefusal ofBodyFailure(Throwable cause) {
        if (cause instanceof NumberFormatException) {
            return CHUNK_SIZE;
        }
        if (cause instanceof InvalidChunkExtensionException || cause instanceof TooLongHttpLineException) {
            return CHUNK_EXTENSION; // the chunk-size line is too long: its extension
        }
        if (cause instanceof InvalidChunkTerminationException) {
            return CHUNK_DATA;
        }
        if (cause instanceof TooLongHttpHeaderException) {
            return TRAILER;
        }
        if (cause instanceof PrematureChannelClosureException) {
            return BODY_INCOMPLETE;
        }
        return MALFORMED_BODY;
    }

    /** A refusal as a decoder failure cause: what {@link FramingGuard} refused, carried on the decoded message. */
    static final class FramingException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final transient RequestRefusal refusal;

        FramingException(RequestRefusal refusal) {
            super(refusal.text, null, false, false);
            this.refusal = refusal;
        }

        RequestRefusal refusal() {
            return refusal;
        }
    }
}
