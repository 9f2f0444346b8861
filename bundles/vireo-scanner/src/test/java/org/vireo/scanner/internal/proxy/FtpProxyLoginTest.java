package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
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
import org.vireo.scanner.internal.ftp.FtpTestClient;
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

    private FtpTestClient client() throws IOException {
        FtpTestClient client = new FtpTestClient(ftpPort, null);
        assertThat(client.reply()).startsWith("220 ");
        return client;
    }

    @Test
    void aClientLogsInToTheProxyFirst_thenToItsServer() throws Exception {
        try (FtpTestClient client = client()) {
            assertThat(client.send("USER anonymous@127.0.0.1:" + vsftpd.port)).startsWith("530 ")
                .contains("needs its own login first");
            assertThat(client.send("USER alice")).startsWith("331 ");
            assertThat(client.send("PASS wrong")).startsWith("530 ");
            assertThat(client.send("USER alice")).startsWith("331 ");
            assertThat(client.send("PASS secret")).startsWith("230 ").contains("now log in as");
            assertThat(client.send("USER anonymous@127.0.0.1:" + vsftpd.port)).startsWith("230 ");
            assertThat(client.send("PWD")).startsWith("257 ");
        }
    }

    @Test
    void threeWrongPasswordsEndTheSession() throws Exception {
        try (FtpTestClient client = client()) {
            for (int i = 0; i < 2; i++) {
                assertThat(client.send("USER alice")).startsWith("331 ");
                assertThat(client.send("PASS guess" + i)).startsWith("530 ");
            }
            assertThat(client.send("USER alice")).startsWith("331 ");
            assertThat(client.send("PASS guess3")).startsWith("421 ");
            assertThat(client.reply()).as("closed").isNull();
        }
    }
}
