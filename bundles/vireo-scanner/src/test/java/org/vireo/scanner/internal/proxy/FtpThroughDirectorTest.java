package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.vireo.scanner.internal.ftp.FtpTestClient;

/**
 * The FTP proxy behind a director, on the proxy as it runs: the director (this test, from 127.0.0.1, listed in
 * {@code directors}) begins the control connection and each data connection with a PROXY header naming the client;
 * the passive reply names the address the client reached (the header's destination, the VIP), and a data connection
 * is taken only if its header names the session's client.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FtpThroughDirectorTest {

    private static final String CLIENT = "10.1.2.3";
    private static final String VIP = "10.77.0.83";

    private FtpFixture ftp;
    private ProxyFixture proxy;
    private int ftpPort;

    @BeforeAll
    void start() throws Exception {
        ftp = new FtpFixture(Map.of("directors", "127.0.0.1"));
        proxy = ftp.proxy;
        ftpPort = ftp.ftpPort;
    }

    @AfterAll
    void stop() throws Exception {
        ftp.close();
    }

    /** The PROXY header a director begins a connection to {@code port} with, for {@code client}. */
    private static String header(String client, int port) {
        return "PROXY TCP4 " + client + " " + VIP + " 40000 " + port + "\r\n";
    }

    /** A data connection as the director makes it: its PROXY header for {@code client}, then the client's bytes. */
    private Socket fromDirector(int port, String client) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        s.setSoTimeout(10_000);
        s.getOutputStream().write(header(client, port).getBytes(StandardCharsets.US_ASCII));
        return s;
    }

    @Test
    void theClientsDataConnectionThroughTheDirectorIsTaken_anotherClientsIsNot() throws Exception {
        try (FtpTestClient control = new FtpTestClient(ftpPort, header(CLIENT, ftpPort))) {
            assertThat(control.reply()).startsWith("220 ");
            assertThat(control.send("USER anonymous@127.0.0.1:" + ftp.vsftpd.port)).startsWith("230 ");

            String pasv = control.send("PASV");
            assertThat(pasv).startsWith("227 ").contains("(10,77,0,83,");
            String[] numbers = pasv.replaceAll(".*\\((.*)\\).*", "$1").split(",");
            int port = Integer.parseInt(numbers[4]) * 256 + Integer.parseInt(numbers[5]);
            try (Socket foreign = fromDirector(port, "10.9.9.9")) {
                assertThat(foreign.getInputStream().read()).as("another client's, closed").isEqualTo(-1);
            }
            try (Socket data = fromDirector(port, CLIENT)) {
                assertThat(control.send("RETR /pub/hello.txt")).startsWith("150 ");
                String body = new String(data.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(body).isEqualTo("hello\n");
            }
            assertThat(control.reply()).startsWith("226 ");
        }
        assertThat(proxy.nextAccessLine()).contains("\"client\":\"" + CLIENT + "\"", "\"method\":\"USER\"",
            "\"status\":230");
        assertThat(proxy.nextAccessLine()).contains("\"client\":\"" + CLIENT + "\"", "\"method\":\"RETR\"",
            "\"status\":226");
    }
}
