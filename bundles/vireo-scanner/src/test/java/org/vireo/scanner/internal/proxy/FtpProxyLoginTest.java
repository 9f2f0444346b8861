package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.HexFormat;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.vireo.scanner.internal.ftp.FtpTestClient;

/**
 * A proxy with users of its own ({@code authUsers}) asks them of FTP clients too, before they may name a server:
 * {@code USER <proxy user>}, {@code PASS <password>}, then {@code USER name@host}. Three wrong passwords end the
 * session.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FtpProxyLoginTest {

    private FtpFixture ftp;
    private int ftpPort;

    @BeforeAll
    void start() throws Exception {
        ftp = new FtpFixture(Map.of("authUsers", "alice:" + HexFormat.of().formatHex(ProxyAuth.sha256("secret"))));
        ftpPort = ftp.ftpPort;
    }

    @AfterAll
    void stop() throws Exception {
        ftp.close();
    }

    private FtpTestClient client() throws IOException {
        FtpTestClient client = new FtpTestClient(ftpPort, null);
        assertThat(client.reply()).startsWith("220 ");
        return client;
    }

    @Test
    void aClientLogsInToTheProxyFirst_thenToItsServer() throws Exception {
        try (FtpTestClient client = client()) {
            assertThat(client.send("USER anonymous@127.0.0.1:" + ftp.vsftpd.port)).startsWith("530 ")
                .contains("needs its own login first");
            assertThat(client.send("USER alice")).startsWith("331 ");
            assertThat(client.send("PASS wrong")).startsWith("530 ");
            assertThat(client.send("USER alice")).startsWith("331 ");
            assertThat(client.send("PASS secret")).startsWith("230 ").contains("now log in as");
            assertThat(client.send("USER anonymous@127.0.0.1:" + ftp.vsftpd.port)).startsWith("230 ");
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
