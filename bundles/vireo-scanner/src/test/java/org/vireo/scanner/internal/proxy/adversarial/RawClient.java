package org.vireo.scanner.internal.proxy.adversarial;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The suite's client: writes a case's bytes at once on a new connection to a proxy, reads its answers, and finds out
 * whether the proxy closed the connection (end of stream) or kept it usable (it answers one more request, the
 * probe). Every read is bounded by a timeout; a proxy that neither answers nor closes is reported as "hung".
 */
final class RawClient {

    /** What the proxy did on the connection. */
    record Answer(List<String> statuses, String connection) {

        static final String CLOSED = "close";
        static final String KEPT = "keep";
        static final String HUNG = "hung";

        String show() {
            return (statuses.isEmpty() ? "none" : String.join(" ", statuses)) + " " + connection;
        }
    }

    private static final String EOF = "eof";
    private static final String TIMEOUT = "timeout";

    private final int timeoutMillis;

    RawClient(int timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    static byte[] probe(String originAuthority) {
        return ("GET http://" + originAuthority + ReceivedRequests.PROBE_TARGET + " HTTP/1.1\r\nHost: "
            + originAuthority + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    Answer send(int proxyPort, byte[] request, boolean shutdown, int answers, byte[] probe) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", proxyPort)) {
            socket.setSoTimeout(timeoutMillis);
            socket.setTcpNoDelay(true);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            if (shutdown) {
                socket.shutdownOutput();
            }
            InputStream in = new BufferedInputStream(socket.getInputStream());
            List<String> statuses = new ArrayList<>();
            while (statuses.size() < answers) {
                String status = response(in);
                if (status.equals(EOF)) {
                    return new Answer(statuses, Answer.CLOSED);
                }
                if (status.equals(TIMEOUT)) {
                    return new Answer(statuses, Answer.HUNG);
                }
                statuses.add(status);
            }
            if (shutdown) {
                String next = response(in);
                return new Answer(statuses, next.equals(EOF) ? Answer.CLOSED : Answer.HUNG);
            }
            try {
                socket.getOutputStream().write(probe);
                socket.getOutputStream().flush();
            } catch (SocketException e) {
                return new Answer(statuses, Answer.CLOSED);
            }
            String next = response(in);
            return new Answer(statuses, next.equals(EOF) ? Answer.CLOSED : next.equals(TIMEOUT) ? Answer.HUNG
                : Answer.KEPT);
        }
    }

    /** Reads one final answer (1xx skipped) and returns its status, or EOF, or TIMEOUT. */
    private static String response(InputStream in) throws IOException {
        try {
            while (true) {
                String statusLine = line(in);
                if (statusLine == null) {
                    return EOF;
                }
                String[] parts = statusLine.split(" ", 3);
                if (parts.length < 2 || !parts[0].startsWith("HTTP/") || !parts[1].matches("[0-9]{3}")) {
                    drain(in);
                    return "garbage";
                }
                int code = Integer.parseInt(parts[1]);
                long length = -1;
                boolean chunked = false;
                for (String field; (field = line(in)) != null && !field.isEmpty(); ) {
                    String lower = field.toLowerCase(Locale.ROOT);
                    if (lower.startsWith("content-length:")) {
                        length = Long.parseLong(lower.substring(15).trim());
                    } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                        chunked = true;
                    }
                }
                if (code >= 100 && code < 200) {
                    continue;
                }
                if (code == 204 || code == 304) {
                    return parts[1];
                }
                if (chunked) {
                    chunks(in);
                } else if (length >= 0) {
                    skip(in, length);
                } else {
                    drain(in);
                }
                return parts[1];
            }
        } catch (SocketTimeoutException e) {
            return TIMEOUT;
        } catch (SocketException e) {
            return EOF; // a reset: the proxy closed
        }
    }

    private static void chunks(InputStream in) throws IOException {
        for (String size; (size = line(in)) != null; ) {
            int semicolon = size.indexOf(';');
            long n = Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (n == 0) {
                for (String trailer; (trailer = line(in)) != null && !trailer.isEmpty(); ) {
                    // trailers of the answer: not looked at
                }
                return;
            }
            skip(in, n + 2);
        }
    }

    private static void skip(InputStream in, long n) throws IOException {
        for (long left = n; left > 0; left--) {
            if (in.read() < 0) {
                return;
            }
        }
    }

    private static void drain(InputStream in) throws IOException {
        while (in.read() >= 0) {
            // read to the end of the connection, which ends this answer
        }
    }

    /** One line without its line end, or null at the end of the stream before any byte. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int b; (b = in.read()) >= 0; ) {
            if (b == '\n') {
                String s = out.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            out.write(b);
        }
        return out.size() == 0 ? null : out.toString(StandardCharsets.ISO_8859_1);
    }
}
