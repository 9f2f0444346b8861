package org.vireo.scanner.internal.proxy;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;

/**
 * Reads a client connection's bytes as the HTTP/1.1 grammar has them (RFC 9112: request line, field lines, the
 * body as its framing says, chunks and trailers) ahead of Netty's decoder, and refuses what a filtering gateway
 * must not pass on although Netty's decoder tolerates it: lenient request lines (tabs, several spaces, lower-case
 * or missing versions), whitespace before a colon, control characters in values, bare CR or LF, obs-fold (also in
 * trailers), more than one Content-Length (also equal ones, also on HTTP/1.0), Transfer-Encoding other than one
 * {@code chunked}, or on HTTP/1.0, or with Content-Length, a missing or repeated Host, CONNECT with a body, chunk
 * sizes with signs, spaces or more than 31 bits, long chunk extensions. Because it follows every message's framing
 * itself, it knows where each head begins, a request pipelined behind a body included, and checks them all alike.
 * Pure: bytes in, a position and a {@link RequestRefusal} out; {@link RequestDecoder} runs it.
 *
 * <p>Written by hand because Netty's decoder is the lenient parser it guards; bodies are skipped by their length,
 * so only heads, chunk-size lines and trailers are looked at byte by byte.
 */
final class FramingGuard implements ByteProcessor {

    /** Longest chunk extension kept to (Netty drops extensions; a long one only costs). */
    static final int MAX_CHUNK_EXTENSION = 256;
    /** Empty lines a client may send before a request line (RFC 9112 section 2.2: at least one is ignored). */
    private static final int MAX_EMPTY_LINES = 2;
    private static final int MAX_CHUNK_SIZE_DIGITS = 16;
    /** Bytes of the method and target kept for the access log of a refused head. */
    private static final int KEPT_LINE = 256;

    private static final byte[][] KNOWN = {bytes("content-length"), bytes("transfer-encoding"), bytes("host")};
    private static final int CONTENT_LENGTH = 0;
    private static final int TRANSFER_ENCODING = 1;
    private static final int HOST = 2;
    private static final byte[] CHUNKED = bytes("chunked");
    private static final byte[] CONNECT = bytes("CONNECT");
    private static final byte[] HTTP_SLASH = bytes("HTTP/");
    private static final long[] HOST_SYMBOLS = symbols("-._~%!$&'()*+,;=:[]");
    private static final long[] TOKEN_SYMBOLS = symbols("!#$%&'*+-.^_`|~");
    /** Where a chunk extension's byte is: the parts of its grammar. */
    private static final int EXT_NAME_START = 0;
    private static final int EXT_NAME = 1;
    private static final int EXT_AFTER_NAME = 2;
    private static final int EXT_VALUE_START = 3;
    private static final int EXT_TOKEN = 4;
    private static final int EXT_QUOTED = 5;
    private static final int EXT_QUOTED_PAIR = 6;
    private static final int EXT_AFTER_QUOTED = 7;
    private static final int EXT_AFTER_VALUE = 8;

    private enum State {
        LINE_START, EMPTY_LINE_LF, METHOD, TARGET_START, TARGET, VERSION, REQUEST_LINE_LF,
        FIELD_START, NAME, VALUE, VALUE_LF, END_LF,
        CHUNK_SIZE_START, CHUNK_SIZE, CHUNK_SIZE_BWS, CHUNK_EXTENSION, CHUNK_SIZE_LF, CHUNK_DATA, CHUNK_DATA_CR,
        CHUNK_DATA_LF, BODY, TUNNEL, REFUSED
    }

    private final int maxInitialLine;
    private final int maxHeaderBytes;
    private final int maxHeaderCount;

    private State state = State.LINE_START;
    private RequestRefusal refusal;
    private boolean headStarted;
    private boolean inTrailer;
    private int emptyLines;
    private int lineBytes;
    private int headerBytes;
    private int fields;
    private final byte[] kept = new byte[KEPT_LINE];
    private int keptLength;
    private int methodLength;
    private int versionIndex;
    private int major;
    private int minor;
    /** Known field names the current name may still be: a bit per entry of KNOWN. */
    private int candidates;
    private int nameLength;
    private int field = -1;
    /** Within a known field's value: 0 leading whitespace, 1 the value, 2 trailing whitespace. */
    private int valuePart;
    private int valueLength;
    private long number;
    private boolean chunked;
    private long contentLength;
    private int hosts;
    private long remaining;
    private int digits;
    private int extensionBytes;
    private int extensionPart;
    private long messagesRead;

    FramingGuard(int maxInitialLine, int maxHeaderBytes, int maxHeaderCount) {
        this.maxInitialLine = maxInitialLine;
        this.maxHeaderBytes = maxHeaderBytes;
        this.maxHeaderCount = maxHeaderCount;
        nextMessage();
    }

    /** Why the bytes were refused, or null. Once refused, nothing more is read. */
    RequestRefusal refusal() {
        return refusal;
    }

    /** The requests read whole, heads and bodies, so far. */
    long messagesRead() {
        return messagesRead;
    }

    /** A request head has begun and is not complete: the slow-loris timer runs. */
    boolean headInProgress() {
        return headStarted;
    }

    /** The bytes from here on are a tunnel's (after a CONNECT head), not HTTP: the guard reads no more. */
    boolean tunnel() {
        return state == State.TUNNEL;
    }

    /** The method of the last request line read (for the log of a refused head), or "-". */
    String method() {
        return methodLength == 0 ? "-" : new String(kept, 0, Math.min(methodLength, keptLength),
            StandardCharsets.ISO_8859_1);
    }

    /** The target of the last request line read, cut at {@value #KEPT_LINE} bytes with the method, or "-". */
    String target() {
        int from = methodLength + 1;
        return keptLength <= from ? "-" : new String(kept, from, keptLength - from, StandardCharsets.ISO_8859_1);
    }

    /**
     * Reads {@code buf} from {@code from} to {@code to}.
     *
     * @return {@code to} when every byte is accepted; the index of the refused byte once refused; the index where
     *     a tunnel's bytes begin
     */
    int scan(ByteBuf buf, int from, int to) {
        int i = from;
        while (i < to) {
            switch (state) {
                case BODY, CHUNK_DATA -> {
                    int n = (int) Math.min(remaining, to - i);
                    i += n;
                    remaining -= n;
                    if (remaining == 0) {
                        if (state == State.BODY) {
                            messageRead();
                        } else {
                            state = State.CHUNK_DATA_CR;
                        }
                    }
                }
                case TUNNEL, REFUSED -> {
                    return i;
                }
                default -> {
                    int stop = buf.forEachByte(i, to - i, this);
                    if (stop < 0) {
                        return to;
                    }
                    if (state == State.REFUSED) {
                        return stop;
                    }
                    i = stop + 1;
                }
            }
        }
        return i;
    }

    /** One byte; false to stop where bytes are skipped, a tunnel begins or the input is refused. */
    @Override
    public boolean process(byte b) {
        return switch (state) {
            case LINE_START -> lineStart(b);
            case EMPTY_LINE_LF -> emptyLineEnd(b);
            case METHOD -> method(b);
            case TARGET_START, TARGET -> target(b);
            case VERSION -> version(b);
            case REQUEST_LINE_LF -> b == '\n' ? requestLineEnd() : refuse(RequestRefusal.LINE_ENDING);
            case FIELD_START -> fieldStart(b);
            case NAME -> name(b);
            case VALUE -> value(b);
            case VALUE_LF -> b == '\n' ? fieldEnd() : refuse(RequestRefusal.LINE_ENDING);
            case END_LF -> b == '\n' ? sectionEnd() : refuse(RequestRefusal.LINE_ENDING);
            case CHUNK_SIZE_START -> hex(b) >= 0 ? chunkDigit(b) : refuse(RequestRefusal.CHUNK_SIZE);
            case CHUNK_SIZE -> chunkSize(b);
            case CHUNK_SIZE_BWS -> chunkSizeWhitespace(b);
            case CHUNK_EXTENSION -> chunkExtension(b);
            case CHUNK_SIZE_LF -> b == '\n' ? chunkSizeLineEnd() : refuse(RequestRefusal.LINE_ENDING);
            case CHUNK_DATA_CR -> chunkDataEnd(b, '\r', State.CHUNK_DATA_LF);
            case CHUNK_DATA_LF -> chunkDataEnd(b, '\n', State.CHUNK_SIZE_START);
            default -> false;
        };
    }

    // ---- the request line ----

    private boolean lineStart(byte b) {
        headStarted = true;
        if (b == '\r') {
            state = State.EMPTY_LINE_LF;
            return true;
        }
        if (!tchar(b)) {
            return refuse(b == '\n' ? RequestRefusal.LINE_ENDING : RequestRefusal.REQUEST_LINE);
        }
        state = State.METHOD;
        return method(b);
    }

    private boolean emptyLineEnd(byte b) {
        if (b != '\n') {
            return refuse(RequestRefusal.LINE_ENDING);
        }
        if (++emptyLines > MAX_EMPTY_LINES) {
            return refuse(RequestRefusal.REQUEST_LINE);
        }
        state = State.LINE_START;
        return true;
    }

    private boolean method(byte b) {
        if (b == ' ' && methodLength > 0) {
            keep(b);
            state = State.TARGET_START;
            return lineByte();
        }
        if (!tchar(b)) {
            return refuse(RequestRefusal.REQUEST_LINE);
        }
        keep(b);
        methodLength++;
        return lineByte();
    }

    private boolean target(byte b) {
        if (b == ' ' && state == State.TARGET) {
            state = State.VERSION;
            versionIndex = 0;
            return lineByte();
        }
        if (b < 0x21 || b > 0x7e) { // a URI is visible ASCII; a second space, a tab, a CR: not a request line
            return refuse(RequestRefusal.REQUEST_LINE);
        }
        keep(b);
        state = State.TARGET;
        return lineByte();
    }

    /** {@code HTTP/DIGIT.DIGIT}, exactly (RFC 9112 section 2.3: case-sensitive). */
    private boolean version(byte b) {
        int at = versionIndex++;
        boolean ok;
        if (at < HTTP_SLASH.length) {
            ok = b == HTTP_SLASH[at];
        } else if (at == 5 || at == 7) {
            ok = b >= '0' && b <= '9';
            if (at == 5) {
                major = b - '0';
            } else {
                minor = b - '0';
            }
        } else if (at == 6) {
            ok = b == '.';
        } else {
            if (b != '\r' || at != 8) {
                return refuse(b == '\n' && at == 8 ? RequestRefusal.LINE_ENDING : RequestRefusal.REQUEST_LINE);
            }
            state = State.REQUEST_LINE_LF;
            return true;
        }
        return ok ? lineByte() : refuse(RequestRefusal.REQUEST_LINE);
    }

    private boolean lineByte() {
        return ++lineBytes <= maxInitialLine || refuse(RequestRefusal.REQUEST_LINE_TOO_LONG);
    }

    private boolean requestLineEnd() {
        if (major != 1) {
            return refuse(RequestRefusal.VERSION); // a higher minor version is 1.1 to us (RFC 9110 section 2.5)
        }
        state = State.FIELD_START;
        return true;
    }

    // ---- field lines: the head's and the trailer's ----

    private boolean fieldStart(byte b) {
        if (b == '\r') {
            state = State.END_LF;
            return true;
        }
        if (b == ' ' || b == '\t') {
            return refuse(RequestRefusal.OBS_FOLD);
        }
        if (!tchar(b)) {
            return refuse(b == '\n' ? RequestRefusal.LINE_ENDING : RequestRefusal.HEADER_SYNTAX);
        }
        if (++fields > maxHeaderCount) {
            return refuse(RequestRefusal.TOO_MANY_HEADERS);
        }
        state = State.NAME;
        candidates = inTrailer ? 0 : (1 << KNOWN.length) - 1;
        nameLength = 0;
        return name(b);
    }

    private boolean name(byte b) {
        if (b == ':') {
            state = State.VALUE;
            field = known();
            valuePart = 0;
            valueLength = 0;
            number = 0;
            return headerByte();
        }
        if (!tchar(b)) {
            return refuse(RequestRefusal.HEADER_SYNTAX); // whitespace before the colon, no colon, a bad character
        }
        if (candidates != 0) {
            byte lower = b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
            for (int k = 0; k < KNOWN.length; k++) {
                if ((candidates & 1 << k) != 0 && (nameLength >= KNOWN[k].length || KNOWN[k][nameLength] != lower)) {
                    candidates &= ~(1 << k);
                }
            }
        }
        nameLength++;
        return headerByte();
    }

    private int known() {
        for (int k = 0; k < KNOWN.length; k++) {
            if ((candidates & 1 << k) != 0 && KNOWN[k].length == nameLength) {
                return k;
            }
        }
        return -1;
    }

    private boolean value(byte b) {
        if (b == '\r') {
            state = State.VALUE_LF;
            return true;
        }
        if (b == '\n') {
            return refuse(RequestRefusal.LINE_ENDING);
        }
        if (b != '\t' && (b >= 0 && b < 0x20 || b == 0x7f)) { // obs-text (0x80-0xff) is allowed
            return refuse(RequestRefusal.HEADER_VALUE);
        }
        return (field < 0 || knownValue(b)) && headerByte();
    }

    private boolean knownValue(byte b) {
        boolean whitespace = b == ' ' || b == '\t';
        if (whitespace) {
            if (valuePart == 1) {
                valuePart = 2;
            }
            return true;
        }
        if (valuePart == 2) { // a second word
            return refuse(fieldRefusal());
        }
        valuePart = 1;
        valueLength++;
        return switch (field) {
            case CONTENT_LENGTH -> lengthDigit(b);
            case TRANSFER_ENCODING -> valueLength <= CHUNKED.length && (b | 0x20) == CHUNKED[valueLength - 1]
                || refuse(RequestRefusal.TRANSFER_ENCODING);
            default -> hostChar(b) || refuse(RequestRefusal.HOST);
        };
    }

    private boolean lengthDigit(byte b) {
        if (b < '0' || b > '9' || valueLength > 18) { // no sign, no comma list, no hex; 18 digits fit a long
            return refuse(RequestRefusal.CONTENT_LENGTH);
        }
        number = number * 10 + (b - '0');
        return true;
    }

    /** uri-host [":" port] (RFC 3986): unreserved, pct-encoded, sub-delims, ':' and the brackets of IPv6. */
    private static boolean hostChar(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || in(HOST_SYMBOLS, b);
    }

    private RequestRefusal fieldRefusal() {
        return switch (field) {
            case CONTENT_LENGTH -> RequestRefusal.CONTENT_LENGTH;
            case TRANSFER_ENCODING -> RequestRefusal.TRANSFER_ENCODING;
            default -> RequestRefusal.HOST;
        };
    }

    private boolean headerByte() {
        return ++headerBytes <= maxHeaderBytes || refuse(RequestRefusal.HEADERS_TOO_LARGE);
    }

    private boolean fieldEnd() {
        state = State.FIELD_START;
        switch (field) {
            case CONTENT_LENGTH -> {
                if (valueLength == 0 || contentLength >= 0) {
                    return refuse(RequestRefusal.CONTENT_LENGTH); // empty, or a second one
                }
                contentLength = number;
            }
            case TRANSFER_ENCODING -> {
                if (valueLength != CHUNKED.length || chunked) {
                    return refuse(RequestRefusal.TRANSFER_ENCODING);
                }
                chunked = true;
            }
            case HOST -> {
                if (++hosts > 1) {
                    return refuse(RequestRefusal.HOST);
                }
            }
            default -> {
            }
        }
        field = -1;
        return true;
    }

    /** The empty line after the head's or the trailer's field lines. */
    private boolean sectionEnd() {
        if (inTrailer) {
            messageRead();
            return true;
        }
        headStarted = false;
        boolean connect = methodLength == CONNECT.length && startsWith(CONNECT);
        if (chunked && contentLength >= 0) {
            return refuse(RequestRefusal.TE_AND_CL);
        }
        if (chunked && minor == 0) {
            return refuse(RequestRefusal.TRANSFER_ENCODING); // RFC 9112 section 6.1: the framing is faulty
        }
        if (connect && (chunked || contentLength > 0)) {
            return refuse(RequestRefusal.CONNECT_BODY);
        }
        if (minor > 0 && hosts == 0) {
            return refuse(RequestRefusal.HOST); // RFC 9112 section 3.2
        }
        if (connect) {
            state = State.TUNNEL;
            return false;
        }
        if (chunked) {
            state = State.CHUNK_SIZE_START;
            return true;
        }
        if (contentLength > 0) {
            state = State.BODY;
            remaining = contentLength;
            return false;
        }
        messageRead();
        return true;
    }

    // ---- a chunked body ----

    private boolean chunkDigit(byte b) {
        state = State.CHUNK_SIZE;
        number = 0;
        digits = 0;
        return chunkSize(b);
    }

    private boolean chunkSize(byte b) {
        int digit = hex(b);
        if (digit >= 0) {
            number = number * 16 + digit;
            // Netty's decoder keeps a chunk's size in an int: a larger one is an error to both
            return ++digits <= MAX_CHUNK_SIZE_DIGITS && number <= Integer.MAX_VALUE
                || refuse(RequestRefusal.CHUNK_SIZE);
        }
        return chunkSizeEnd(b);
    }

    private boolean chunkSizeEnd(byte b) {
        if (b == '\r') {
            state = State.CHUNK_SIZE_LF;
            return true;
        }
        if (b == ';') {
            state = State.CHUNK_EXTENSION;
            extensionBytes = 1;
            extensionPart = EXT_NAME_START;
            return true;
        }
        if (b == ' ' || b == '\t') { // BWS, allowed only before an extension's ';'
            state = State.CHUNK_SIZE_BWS;
            return true;
        }
        return refuse(b == '\n' ? RequestRefusal.LINE_ENDING : RequestRefusal.CHUNK_SIZE);
    }

    private boolean chunkSizeWhitespace(byte b) {
        if (b == ' ' || b == '\t') {
            return true;
        }
        return b == ';' ? chunkSizeEnd(b) : refuse(RequestRefusal.CHUNK_SIZE);
    }

    /**
     * {@code *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] )}, ext-val a token or a quoted-string (RFC 9112
     * section 7.1.1), in visible ASCII: Netty's own chunk-line check fails with an IndexOutOfBoundsException on a
     * byte above 0x7f (found by RequestPathFuzzTest), so obs-text is refused here first.
     */
    private boolean chunkExtension(byte b) {
        if (++extensionBytes > MAX_CHUNK_EXTENSION || b < 0) {
            return refuse(RequestRefusal.CHUNK_EXTENSION);
        }
        boolean space = b == ' ' || b == '\t';
        switch (extensionPart) {
            case EXT_NAME_START -> {
                return space || (tchar(b) ? ext(EXT_NAME) : refuse(RequestRefusal.CHUNK_EXTENSION));
            }
            case EXT_NAME, EXT_TOKEN -> {
                if (tchar(b)) {
                    return true;
                }
                // whitespace after a token value is RFC 9112's BWS, which Netty's chunk-line check refuses (found by
                // RequestPathFuzzTest): refused here first, so that the refusal is counted and logged as the guard's
                return b == '\r' ? chunkLineCr() : b == ';' ? ext(EXT_NAME_START)
                    : space && extensionPart == EXT_NAME ? ext(EXT_AFTER_NAME)
                    : b == '=' && extensionPart == EXT_NAME ? ext(EXT_VALUE_START) : refuse(RequestRefusal.CHUNK_EXTENSION);
            }
            case EXT_AFTER_NAME -> {
                return space || (b == '=' ? ext(EXT_VALUE_START) : b == ';' ? ext(EXT_NAME_START)
                    : refuse(RequestRefusal.CHUNK_EXTENSION));
            }
            case EXT_VALUE_START -> {
                return space || (b == '"' ? ext(EXT_QUOTED) : tchar(b) ? ext(EXT_TOKEN)
                    : refuse(RequestRefusal.CHUNK_EXTENSION));
            }
            case EXT_QUOTED -> {
                if (b == '"') {
                    return ext(EXT_AFTER_QUOTED);
                }
                return b == '\\' ? ext(EXT_QUOTED_PAIR) : b == '\t' || b >= 0x20 && b != 0x7f
                    || refuse(RequestRefusal.CHUNK_EXTENSION);
            }
            case EXT_QUOTED_PAIR -> {
                return b == '\t' || b >= 0x20 && b != 0x7f ? ext(EXT_QUOTED) : refuse(RequestRefusal.CHUNK_EXTENSION);
            }
            case EXT_AFTER_QUOTED -> {
                return b == '\r' ? chunkLineCr() : b == ';' ? ext(EXT_NAME_START) : space ? ext(EXT_AFTER_VALUE)
                    : refuse(RequestRefusal.CHUNK_EXTENSION);
            }
            default -> { // EXT_AFTER_VALUE, after a quoted value: only another extension may follow whitespace
                return space || (b == ';' ? ext(EXT_NAME_START) : refuse(RequestRefusal.CHUNK_EXTENSION));
            }
        }
    }

    private boolean ext(int part) {
        extensionPart = part;
        return true;
    }

    private boolean chunkLineCr() {
        state = State.CHUNK_SIZE_LF;
        return true;
    }

    private boolean chunkSizeLineEnd() {
        if (number == 0) {
            inTrailer = true; // the last chunk: the trailer section follows
            state = State.FIELD_START;
            fields = 0;
            headerBytes = 0;
            return true;
        }
        state = State.CHUNK_DATA;
        remaining = number;
        return false;
    }

    private boolean chunkDataEnd(byte b, char expected, State next) {
        if (b != expected) {
            return refuse(RequestRefusal.CHUNK_DATA);
        }
        state = next;
        return true;
    }

    // ---- between messages ----

    private void messageRead() {
        messagesRead++;
        nextMessage();
    }

    private void nextMessage() {
        state = State.LINE_START;
        headStarted = false;
        inTrailer = false;
        emptyLines = 0;
        lineBytes = 0;
        headerBytes = 0;
        fields = 0;
        keptLength = 0;
        methodLength = 0;
        major = 0;
        minor = 0;
        field = -1;
        chunked = false;
        contentLength = -1;
        hosts = 0;
    }

    private boolean refuse(RequestRefusal why) {
        refusal = inTrailer && why != RequestRefusal.OBS_FOLD && why != RequestRefusal.LINE_ENDING
            ? RequestRefusal.TRAILER : why;
        state = State.REFUSED;
        headStarted = false;
        return false;
    }

    private void keep(byte b) {
        if (keptLength < kept.length) {
            kept[keptLength++] = b;
        }
    }

    private boolean startsWith(byte[] prefix) {
        if (keptLength < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (kept[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** RFC 9110 section 5.6.2. */
    static boolean tchar(byte b) {
        return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || in(TOKEN_SYMBOLS, b);
    }

    /**
     * The ASCII symbols as a 128-bit set: a bit test per byte, where {@code String.indexOf} scanned the symbols (and,
     * in a fuzzing run, went through Jazzer's string hooks, which allocate: FramingGuardFuzzTest's allocation bound).
     */
    private static long[] symbols(String chars) {
        long[] set = new long[2];
        chars.chars().forEach(c -> set[c >>> 6] |= 1L << (c & 63));
        return set;
    }

    private static boolean in(long[] set, byte b) {
        return b >= 0 && (set[b >>> 6] & (1L << (b & 63))) != 0;
    }

    private static int hex(byte b) {
        return b >= '0' && b <= '9' ? b - '0' : b >= 'a' && b <= 'f' ? b - 'a' + 10 : b >= 'A' && b <= 'F'
            ? b - 'A' + 10 : -1;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
