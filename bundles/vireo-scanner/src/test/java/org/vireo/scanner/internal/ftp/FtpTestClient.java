package org.vireo.scanner.internal.ftp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A client on a raw control connection, for tests that say exactly what the client sends: lines out, replies in
 * (a multi-line reply read to its end, its last line returned).
 */
public final class FtpTestClient implements AutoCloseable {

    private final Socket socket = new Socket();
    private final BufferedReader in;
    private final OutputStream out;

    /** Connects; {@code firstBytes} (a PROXY header, as a director sends) go before anything else, if given. */
    public FtpTestClient(int port, String firstBytes) throws IOException {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        socket.setSoTimeout(10_000);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
        out = socket.getOutputStream();
        if (firstBytes != null) {
            out.write(firstBytes.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    /** The last line of the next reply; null when the proxy closed the connection. */
    public String reply() throws IOException {
        String line = in.readLine();
        while (line != null && line.length() > 3 && line.charAt(3) == '-') {
            String code = line.substring(0, 3);
            do {
                line = in.readLine();
            } while (line != null && !line.startsWith(code + " "));
        }
        return line;
    }

    /** Sends one line without waiting for its reply. */
    public void write(String line) throws IOException {
        out.write((line + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Sends one line and reads its reply. */
    public String send(String line) throws IOException {
        write(line);
        return reply();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
