package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.vireo.scanner.internal.ftp.FtpOptions;
import org.vireo.scanner.internal.ftp.Vsftpd;

/**
 * A proxy with users of its own ({@code authUsers}) asks them of FTP clients too, before they may name a server:
 * {@code USER <proxy user>}, {@code PASS <password>}, then {@code USER name@host}. Three wrong passwords end the
 * session.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FtpProxyLoginTest {

    private Path dir;
    private Vsftpd vsftpd;
    private ProxyFixture proxy;
    private int ftpPort;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createTempDirectory("vireo-ftp-login");
        vsftpd = new Vsftpd(dir);
        String hash = HexFormat.of().formatHex(ProxyAuth.sha256("secret"));
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("authUsers", "alice:" + hash));
        int passive = Vsftpd.freePort();
        ftpPort = proxy.server.ftp(new FtpOptions(InetAddress.getLoopbackAddress(), 0, passive,
            Math.min(65_535, passive + 20), 10_000, 60_000, 10_000, 5_000)).orElseThrow().getPort();
    }

    @AfterAll
    void stop() throws Exception {
        proxy.close();
        vsftpd.close();
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String reply(BufferedReader in) throws IOException {
        String line = in.readLine();
        while (line != null && line.length() > 3 && line.charAt(3) == '-') {
            String code = line.substring(0, 3);
            do {
                line = in.readLine();
            } while (line != null && !line.startsWith(code + " "));
        }
        return line;
    }

    private static String send(OutputStream out, BufferedReader in, String line) throws IOException {
        out.write((line + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return reply(in);
    }

    @Test
    void aClientLogsInToTheProxyFirst_thenToItsServer() throws Exception {
        try (Socket s = new Socket("127.0.0.1", ftpPort)) {
            s.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
            OutputStream out = s.getOutputStream();
            assertThat(reply(in)).startsWith("220 ");

            assertThat(send(out, in, "USER anonymous@127.0.0.1:" + vsftpd.port)).startsWith("530 ")
                .contains("needs its own login first");
            assertThat(send(out, in, "USER alice")).startsWith("331 ");
            assertThat(send(out, in, "PASS wrong")).startsWith("530 ");
            assertThat(send(out, in, "USER alice")).startsWith("331 ");
            assertThat(send(out, in, "PASS secret")).startsWith("230 ").contains("now log in as");
            assertThat(send(out, in, "USER anonymous@127.0.0.1:" + vsftpd.port)).startsWith("230 ");
            assertThat(send(out, in, "PWD")).startsWith("257 ");
        }
    }

    @Test
    void threeWrongPasswordsEndTheSession() throws Exception {
        try (Socket s = new Socket("127.0.0.1", ftpPort)) {
            s.setSoTimeout(10_000);
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
            OutputStream out = s.getOutputStream();
            assertThat(reply(in)).startsWith("220 ");

            for (int i = 0; i < 2; i++) {
                assertThat(send(out, in, "USER alice")).startsWith("331 ");
                assertThat(send(out, in, "PASS guess" + i)).startsWith("530 ");
            }
            assertThat(send(out, in, "USER alice")).startsWith("331 ");
            assertThat(send(out, in, "PASS guess3")).startsWith("421 ");
            assertThat(in.readLine()).as("closed").isNull();
        }
    }
}
