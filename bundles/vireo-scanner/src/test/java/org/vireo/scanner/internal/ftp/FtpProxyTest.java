package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.vireo.rules.Network;
import org.vireo.rules.Policy;
import org.vireo.rules.Verdict;
import org.vireo.scanner.internal.policy.Admission;
import org.vireo.scanner.internal.policy.DestinationGuard;
import org.vireo.scanner.internal.policy.LocalAddresses;

/**
 * The FTP proxy between real peers: curl as the client, vsftpd as the server, both on loopback; the rules are a
 * test's policy with the server's address allowed by name (loopback is protected otherwise).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FtpProxyTest {

    private static final Network ORIGINS = Network.of("127.0.0.1");
    private static final int BIG = 100 << 20;

    private Path dir;
    private Vsftpd vsftpd;
    private EventLoopGroup acceptors;
    private EventLoopGroup workers;
    private FtpServer server;
    private int proxyPort;
    /** What the rules block: a path prefix of the URLs they see, or a host. */
    private volatile String blocked = "ftp://none.example/";
    /** The rule set in force: a session's next transfer must be decided by the one in force then. */
    private volatile Policy rules;
    private Policy baseRules;
    private final BlockingQueue<String> logged = new LinkedBlockingQueue<>();
    private byte[] big;

    @BeforeAll
    void start() throws Exception {
        dir = Files.createTempDirectory("vireo-ftp-test");
        vsftpd = new Vsftpd(dir);
        Files.writeString(vsftpd.root.resolve("pub/hello.txt"), "hello\n");
        big = new byte[BIG];
        new Random(42).nextBytes(big);
        Files.write(vsftpd.root.resolve("pub/big.bin"), big);
        Files.writeString(vsftpd.root.resolve("pub/secret.txt"), "not for you\n");
        // epoll where the proxy runs on it (it reads a hung-up peer even with reading off): its behaviour is tested
        boolean epoll = Epoll.isAvailable();
        acceptors = epoll ? new EpollEventLoopGroup(1) : new NioEventLoopGroup(1);
        workers = epoll ? new EpollEventLoopGroup(2) : new NioEventLoopGroup(2);
        int passive = Vsftpd.freePort();
        FtpOptions options = new FtpOptions(InetAddress.getLoopbackAddress(), 0, passive,
            Math.min(65_535, passive + 40), 10_000, 60_000, 10_000, 5_000);
        Policy policy = facts -> {
            if (facts.url().startsWith(blocked) || facts.host().equals(blocked)) {
                return new Verdict(false, "no-secrets", "secrets are not for FTP");
            }
            return facts.destination() != null && ORIGINS.contains(facts.destination())
                ? new Verdict(true, "lab", "", ORIGINS, false) : new Verdict(true, "lab", "");
        };
        baseRules = policy;
        rules = policy;
        FtpRuntime runtime = new FtpRuntime(options,
            () -> new Admission(rules, new DestinationGuard(LocalAddresses.NONE, false), Set.of(443), "test-node"),
            host -> CompletableFuture.supplyAsync(() -> literal(host)),
            epoll ? EpollSocketChannel.class : NioSocketChannel.class,
            epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class, ChannelInboundHandlerAdapter::new, address -> false,
            ch -> (InetSocketAddress) ch.remoteAddress(), ch -> (InetSocketAddress) ch.localAddress(),
            new FtpLog() {
                @Override
                public void record(Entry e, java.util.concurrent.Executor loop) {
                    logged.add(e.command() + " " + e.url() + " " + e.reply() + " " + (e.bytesUp() + e.bytesDown())
                        + " " + e.rule());
                }

                @Override
                public void sessionOpened() {
                    // counted by the proxy's FtpAccess; these tests read the log
                }

                @Override
                public void sessionClosed() {
                    // the same
                }

                @Override
                public void refusedData(InetAddress address) {
                    logged.add("refused data " + address.getHostAddress());
                }
            }, FtpRuntime.Credentials.NONE);
        server = new FtpServer(runtime);
        proxyPort = server.start(acceptors, workers).getPort();
    }

    private static List<InetAddress> literal(String host) {
        try {
            return List.of(InetAddress.getByName(host)); // the tests name their server by address only
        } catch (IOException e) {
            throw new IllegalArgumentException(host, e);
        }
    }

    @AfterAll
    void stop() throws Exception {
        server.stop(1000);
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        acceptors.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
        vsftpd.close();
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @BeforeEach
    void reset() {
        blocked = "ftp://none.example/";
        rules = baseRules;
        logged.clear();
    }

    /** The URL of {@code path} on the server through the proxy: the server in the user name, as clients log in. */
    private String url(String path) {
        return "ftp://anonymous%40127.0.0.1%3A" + vsftpd.port + ":guest@127.0.0.1:" + proxyPort + path;
    }

    /** How the access log names {@code path} on the server: with the user, never a password. */
    private String origin(String path) {
        return "ftp://anonymous@127.0.0.1:" + vsftpd.port + path;
    }

    private record Run(int exit, String out) {
    }

    private Run curl(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "--max-time", "60"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void aClientListsAndRetrievesThroughTheProxy_extendedAndPlainPassive() throws Exception {
        Run list = curl(url("/pub/"));
        Run plain = curl("--disable-epsv", url("/pub/hello.txt"));

        assertThat(list.exit()).as(list.out()).isZero();
        assertThat(list.out()).contains("hello.txt").contains("big.bin");
        assertThat(plain.exit()).as(plain.out()).isZero();
        assertThat(plain.out()).isEqualTo("hello\n");
        assertThat(logged.take()).isEqualTo("USER " + origin("/") + " 230 0 lab");
    }

    @Test
    void aBigFileArrivesWhole_passiveAndActive() throws Exception {
        Path passive = dir.resolve("passive.bin");
        Path active = dir.resolve("active.bin");
        Path port = dir.resolve("port.bin");

        Run viaEpsv = curl("-o", passive.toString(), url("/pub/big.bin"));
        Run viaEprt = curl("--ftp-port", "127.0.0.1", "-o", active.toString(), url("/pub/big.bin"));
        Run viaPort = curl("--ftp-port", "127.0.0.1", "--disable-eprt", "-o", port.toString(), url("/pub/big.bin"));

        assertThat(viaEpsv.exit()).as(viaEpsv.out()).isZero();
        assertThat(viaEprt.exit()).as(viaEprt.out()).isZero();
        assertThat(viaPort.exit()).as(viaPort.out()).isZero();
        String expected = sha256(big);
        assertThat(sha256(Files.readAllBytes(passive))).isEqualTo(expected);
        assertThat(sha256(Files.readAllBytes(active))).isEqualTo(expected);
        assertThat(sha256(Files.readAllBytes(port))).isEqualTo(expected);
        assertThat(logged).anyMatch(l -> l.equals("RETR " + origin("/pub/big.bin") + " 226 " + BIG + " lab"));
    }

    @Test
    void aPassiveClientReachesAServerWithoutPassiveMode_theProxyGoesActiveTowardsIt() throws Exception {
        Path activeOnly = Files.createDirectories(dir.resolve("active-only"));
        try (Vsftpd server = new Vsftpd(activeOnly, List.of("pasv_enable=NO"))) {
            Files.writeString(server.root.resolve("pub/hello.txt"), "hello from an active-only server\n");
            String url = "ftp://anonymous%40127.0.0.1%3A" + server.port + ":guest@127.0.0.1:" + proxyPort
                + "/pub/hello.txt";

            Run direct = curl("ftp://127.0.0.1:" + server.port + "/pub/hello.txt");
            Run viaProxy = curl(url);

            assertThat(direct.exit()).as("passive mode is off on this server: " + direct.out()).isNotZero();
            assertThat(viaProxy.exit()).as(viaProxy.out()).isZero();
            assertThat(viaProxy.out()).isEqualTo("hello from an active-only server\n");
        }
    }

    @Test
    void anUploadArrivesWhole_andAResumedDownloadGetsTheRest() throws Exception {
        byte[] upload = new byte[100 << 20];
        new Random(7).nextBytes(upload);
        Path local = dir.resolve("upload.bin");
        Files.write(local, upload);
        Path partial = dir.resolve("partial.bin");
        Files.write(partial, java.util.Arrays.copyOf(big, 1_000_000));

        Run stored = curl("-T", local.toString(), url("/incoming/upload.bin"));
        Run resumed = curl("-C", "-", "-o", partial.toString(), url("/pub/big.bin"));

        assertThat(stored.exit()).as(stored.out()).isZero();
        assertThat(sha256(Files.readAllBytes(vsftpd.root.resolve("incoming/upload.bin")))).isEqualTo(sha256(upload));
        assertThat(resumed.exit()).as(resumed.out()).isZero();
        assertThat(sha256(Files.readAllBytes(partial))).isEqualTo(sha256(big));
        assertThat(logged).anyMatch(l -> l.equals("RETR " + origin("/pub/big.bin") + " 226 " + (BIG - 1_000_000) + " lab"));
    }

    @Test
    void aRuleBlocksAPath_andAServer_withTheRuleInTheLog() throws Exception {
        blocked = "ftp://127.0.0.1:" + vsftpd.port + "/pub/secret";
        Run path = curl(url("/pub/secret.txt"));
        Run other = curl(url("/pub/hello.txt"));
        blocked = "127.0.0.1";
        Run server = curl(url("/pub/hello.txt"));

        assertThat(path.exit()).isNotZero();
        assertThat(path.out()).doesNotContain("not for you");
        assertThat(other.out()).isEqualTo("hello\n");
        assertThat(server.exit()).isNotZero();
        assertThat(logged).anyMatch(l -> l.equals("RETR " + origin("/pub/secret.txt") + " 550 0 no-secrets"));
        assertThat(logged).anyMatch(l -> l.equals("USER " + origin("/") + " 530 0 no-secrets"));
    }

    @Test
    void lftpListsAndGetsInBothModes_withItsOwnHabits() throws Exception {
        Path passive = dir.resolve("lftp-passive.txt");
        Path active = dir.resolve("lftp-active.txt");
        // lftp asks FEAT, tries AUTH TLS (refused with 534: it goes on in clear), SIZE, MDTM, EPSV or PORT
        String script = "set net:max-retries 1; set net:timeout 10; cls -1 /pub/; get /pub/hello.txt -o " + passive
            + "; set ftp:passive-mode off; get /pub/hello.txt -o " + active + "; bye";
        Process p = new ProcessBuilder("lftp", "-u", "anonymous@127.0.0.1:" + vsftpd.port + ",guest", "-p",
            String.valueOf(proxyPort), "-e", script, "127.0.0.1").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("/pub/hello.txt").contains("/pub/big.bin");
        assertThat(Files.readString(passive)).isEqualTo("hello\n");
        assertThat(Files.readString(active)).isEqualTo("hello\n");
    }

    /** A raw client of the proxy, greeted. */
    private FtpTestClient client() throws IOException {
        FtpTestClient client = new FtpTestClient(proxyPort, null);
        assertThat(client.reply()).startsWith("220 ");
        return client;
    }

    private void login(FtpTestClient client) throws IOException {
        assertThat(client.send("USER anonymous@127.0.0.1:" + vsftpd.port)).startsWith("230 ");
    }

    @Test
    void aRuleChangedDuringASessionDecidesItsNextTransfer() throws Exception {
        try (FtpTestClient client = client()) {
            login(client);
            rules = facts -> facts.url().endsWith("/pub/hello.txt")
                ? new Verdict(false, "changed", "a rule changed during the session") : baseRules.decide(facts);

            assertThat(client.send("EPSV")).startsWith("229 ");
            assertThat(client.send("RETR /pub/hello.txt")).startsWith("550 ")
                .contains("a rule changed during the session");
        }
    }

    @Test
    void aPortToAnotherAddressIsRefused_andTheSessionGoesOn() throws Exception {
        try (FtpTestClient client = client()) {
            login(client);

            assertThat(client.send("PORT 10,1,2,3,4,5")).startsWith("501 ").contains("no FTP bounce");
            assertThat(client.send("EPRT |1|192.0.2.7|2000|")).startsWith("501 ");
            assertThat(client.send("NOOP")).startsWith("200 ");
        }
        assertThat(logged).contains("refused data 10.1.2.3", "refused data 192.0.2.7");
    }

    @Test
    void anAbortEndsTheTransferUnderWay_andTheSessionGoesOn() throws Exception {
        try (FtpTestClient client = client()) {
            login(client);
            String epsv = client.send("EPSV");
            int port = Integer.parseInt(epsv.replaceAll(".*\\(\\|\\|\\|(\\d+)\\|\\).*", "$1"));
            try (Socket data = new Socket("127.0.0.1", port)) {
                data.setSoTimeout(10_000);
                assertThat(client.send("RETR /pub/big.bin")).startsWith("150 ");
                assertThat(data.getInputStream().readNBytes(64 * 1024)).hasSize(64 * 1024);

                client.write("ABOR");

                assertThat(client.reply()).startsWith("426 ");
                assertThat(client.reply()).matches("22[56] .*");
                long rest = data.getInputStream().transferTo(OutputStream.nullOutputStream());
                assertThat(rest).as("the data connection closed before the whole file").isLessThan(BIG - 64 * 1024);
            }
            assertThat(client.send("NOOP")).startsWith("200 ");
        }
    }

    @Test
    void malformedAndOverlongCommandsGetAnErrorReply_andTheSessionGoesOn() throws Exception {
        try (FtpTestClient client = client()) {
            assertThat(client.send("RETR /pub/hello.txt")).startsWith("530 ");
            login(client);

            assertThat(client.send("XYZZY")).startsWith("500 ");
            assertThat(client.send("SITE CHMOD 777 /")).startsWith("502 ");
            assertThat(client.send("RETR " + "a".repeat(600))).startsWith("500 ");
            assertThat(client.send("TYPE Q")).startsWith("50");
            assertThat(client.send("AUTH TLS")).startsWith("534 ");
            assertThat(client.send("NOOP")).startsWith("200 ");
            assertThat(client.send("QUIT")).startsWith("221 ");
        }
    }

    @Test
    void aDataConnectionFromAnotherAddressIsRefused() throws Exception {
        try (FtpTestClient client = client()) {
            login(client);
            String pasv = client.send("EPSV");
            assertThat(pasv).startsWith("229 ");
            int port = Integer.parseInt(pasv.replaceAll(".*\\(\\|\\|\\|(\\d+)\\|\\).*", "$1"));

            try (Socket foreign = new Socket()) {
                foreign.bind(new InetSocketAddress("127.0.0.2", 0));
                foreign.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                foreign.setSoTimeout(5000);
                assertThat(foreign.getInputStream().read()).as("closed by the proxy").isEqualTo(-1);
            }
            assertThat(logged).anyMatch(l -> l.equals("refused data 127.0.0.2"));
        }
    }
}
