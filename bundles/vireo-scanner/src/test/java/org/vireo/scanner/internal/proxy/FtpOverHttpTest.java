package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.vireo.rules.Verdict;
import org.vireo.scanner.internal.ftp.Vsftpd;

/**
 * {@code ftp://} URLs through the HTTP proxy: curl (or a raw request) as the HTTP client, vsftpd as the FTP server,
 * both on loopback; the rules block one path, as the native FTP proxy's test does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FtpOverHttpTest {

    private static final int SIZE = 5 << 20;

    private Path dir;
    private Vsftpd vsftpd;
    private ProxyFixture proxy;
    private byte[] big;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createTempDirectory("vireo-ftp-http-test");
        vsftpd = new Vsftpd(dir);
        Path pub = vsftpd.root.resolve("pub");
        Files.writeString(pub.resolve("hello.txt"), "hello\n");
        Files.writeString(pub.resolve("<script>.txt"), "x\n");
        Files.writeString(pub.resolve("secret.txt"), "not for you\n");
        Files.createDirectories(pub.resolve("sub"));
        big = new byte[SIZE];
        new Random(22).nextBytes(big);
        Files.write(pub.resolve("big.bin"), big);
    }

    /** A proxy of its own for each test, so that the access log's lines are the test's. */
    @BeforeEach
    void startProxy() throws Exception {
        String secret = "ftp://127.0.0.1:" + vsftpd.port + "/pub/secret";
        proxy = new ProxyFixture(facts -> facts.url().startsWith(secret)
            ? new Verdict(false, "no-secrets", "secrets are not for FTP") : new Verdict(true, "lab", ""), Map.of());
    }

    @AfterEach
    void stopProxy() throws Exception {
        proxy.close();
    }

    @AfterAll
    void stop() throws Exception {
        vsftpd.close();
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private String url(String path) {
        return "ftp://127.0.0.1:" + vsftpd.port + path;
    }

    /** Sends one request for {@code target} on its own connection and reads the answer to the end. */
    private String raw(String method, String target, String... headers) throws Exception {
        return proxy.raw(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String.join("", headers)
            + "Connection: close\r\n\r\n");
    }

    private static String body(String answer) {
        return answer.substring(answer.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void aFileArrivesWholeWithItsLength() throws Exception {
        Path file = dir.resolve("big.out");
        Path head = dir.resolve("big.head");

        var result = proxy.curl("-D", head.toString(), "-o", file.toString(), url("/pub/big.bin"));

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(Files.readString(head)).startsWith("HTTP/1.1 200").containsIgnoringCase("Content-Length: " + SIZE)
            .containsIgnoringCase("Content-Type: application/octet-stream");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        assertThat(HexFormat.of().formatHex(sha.digest(Files.readAllBytes(file))))
            .isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(big)));
        assertThat(proxy.nextAccessLine()).contains("\"method\":\"GET\"", "\"status\":200",
            "\"target\":\"ftp://anonymous@127.0.0.1:" + vsftpd.port + "/pub/big.bin\"", "\"bytesDown\":" + SIZE);
    }

    @Test
    void aSlowClientGetsTheFileWhole() throws Exception {
        Path file = dir.resolve("slow.out");

        var result = proxy.curl("--limit-rate", "2M", "-o", file.toString(), url("/pub/big.bin"));

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(Files.readAllBytes(file)).isEqualTo(big);
    }

    @Test
    void aDirectoryIsAnHtmlListingWithEveryNameEscaped() throws Exception {
        var result = proxy.curl("-i", url("/pub/"));

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.out()).startsWith("HTTP/1.1 200").containsIgnoringCase("Content-Type: text/html")
            .contains("<a href=\"/pub/hello.txt\">hello.txt</a>", "<a href=\"/pub/big.bin\">big.bin</a>",
                "<a href=\"/pub/sub/\">sub</a>", "<a href=\"/\">Parent directory</a>")
            .contains("<a href=\"/pub/%3Cscript%3E.txt\">&lt;script&gt;.txt</a>").doesNotContain("<script>");
    }

    @Test
    void aDirectoryNamedWithoutItsSlashIsListedToo() throws Exception {
        var result = proxy.curl("-i", url("/pub"));

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.out()).startsWith("HTTP/1.1 200").contains("<a href=\"/pub/hello.txt\">hello.txt</a>");
    }

    @Test
    void typeDGivesThePlainNames() throws Exception {
        var result = proxy.curl("-i", url("/pub/;type=d"));

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.out()).startsWith("HTTP/1.1 200").containsIgnoringCase("Content-Type: text/plain");
        assertThat(body(result.out()).lines()).contains("hello.txt", "big.bin", "sub", "<script>.txt");
    }

    @Test
    void aMissingFileIsNotFoundWithTheServersReply() throws Exception {
        String answer = raw("GET", url("/pub/missing.txt"));

        assertThat(answer).startsWith("HTTP/1.1 404").contains("550 Failed to open file.");
        assertThat(proxy.nextAccessLine()).contains("\"status\":404");
    }

    @Test
    void aRuleBlocksAPathAsItDoesNatively_howeverTheUrlSpellsIt() throws Exception {
        String plain = raw("GET", url("/pub/secret.txt"));
        String dotted = raw("GET", url("/pub/sub/../%73ecret.txt"));

        assertThat(plain).startsWith("HTTP/1.1 403").contains("no-secrets", "secrets are not for FTP");
        assertThat(dotted).startsWith("HTTP/1.1 403").contains("no-secrets");
        assertThat(proxy.nextAccessLine()).contains("\"status\":403", "\"rule\":\"no-secrets\"");
    }

    @Test
    void theUrlsCredentialsLogIn_aWrongUserIsUnauthorized() throws Exception {
        var anonymous = proxy.curl(url("/pub/hello.txt").replace("ftp://", "ftp://anonymous:x@"));
        String wrong = raw("GET", url("/pub/hello.txt").replace("ftp://", "ftp://bob:secret@"));
        String fromHeader = raw("GET", url("/pub/hello.txt"), "Authorization: Basic "
            + Base64.getEncoder().encodeToString("bob:secret".getBytes(StandardCharsets.UTF_8)) + "\r\n");

        assertThat(anonymous.exit()).as(anonymous.err()).isZero();
        assertThat(anonymous.out()).isEqualTo("hello\n");
        assertThat(wrong).startsWith("HTTP/1.1 401")
            .containsIgnoringCase("WWW-Authenticate: Basic realm=\"FTP 127.0.0.1:" + vsftpd.port + "\"")
            .contains("530")
            .doesNotContain("secret");
        assertThat(fromHeader).startsWith("HTTP/1.1 401");
        assertThat(proxy.nextAccessLine()).contains("\"target\":\"ftp://anonymous@127.0.0.1:");
        assertThat(proxy.nextAccessLine()).contains("\"target\":\"ftp://bob@127.0.0.1:", "\"status\":401");
    }

    @Test
    void headGivesTheLengthWithoutABody() throws Exception {
        String answer = raw("HEAD", url("/pub/big.bin"));

        assertThat(answer).startsWith("HTTP/1.1 200").containsIgnoringCase("Content-Length: " + SIZE);
        assertThat(body(answer)).isEmpty();
    }

    @Test
    void anotherMethodIsNotAllowed() throws Exception {
        String answer = raw("POST", url("/pub/hello.txt"), "Content-Length: 0\r\n");

        assertThat(answer).startsWith("HTTP/1.1 405").containsIgnoringCase("Allow: GET, HEAD");
    }
}
