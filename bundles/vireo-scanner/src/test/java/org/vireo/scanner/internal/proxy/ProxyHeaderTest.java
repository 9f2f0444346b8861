package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.haproxy.HAProxyCommand;
import io.netty.handler.codec.haproxy.HAProxyMessage;
import io.netty.handler.codec.haproxy.HAProxyMessageEncoder;
import io.netty.handler.codec.haproxy.HAProxyProtocolVersion;
import io.netty.handler.codec.haproxy.HAProxyProxiedProtocol;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.rules.Policy;
import org.vireo.rules.Verdict;

/**
 * The proxy behind a director: connections from 127.0.0.1, which the tests make a director (as on the all-in-one
 * node), begin with a PROXY header made by Netty's encoder, as the balancer's are; the policy records the client
 * it is asked about (once before the target is resolved and once per address it resolves to: every time the same
 * client), the origin echoes X-Forwarded-For.
 */
class ProxyHeaderTest {

    private static final String CLIENT = "203.0.113.7";

    private final List<InetAddress> asked = new CopyOnWriteArrayList<>();
    /** Blocks 203.0.113.66, allows the rest: a client rule. */
    private final Policy policy = facts -> {
        asked.add(facts.client());
        return facts.client().getHostAddress().equals("203.0.113.66")
            ? new Verdict(false, null, "blocked by a client rule") : new Verdict(true, null, "");
    };
    private TestOrigin origin;
    private ProxyFixture proxy;

    @BeforeEach
    void origin() throws IOException {
        origin = new TestOrigin();
    }

    @AfterEach
    void close() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        origin.close();
    }

    private ProxyFixture proxy(Directors directors, Map<String, Object> options) throws InterruptedException {
        proxy = new ProxyFixture(policy, options);
        proxy.server.directors(directors);
        return proxy;
    }

    private static final Directors LOOPBACK = new Directors(Set.of(), true);

    /** A v2 header, as Netty's encoder writes it. */
    private static byte[] header(HAProxyProxiedProtocol protocol, String source, String destination) {
        EmbeddedChannel encoder = new EmbeddedChannel(HAProxyMessageEncoder.INSTANCE);
        encoder.writeOutbound(new HAProxyMessage(HAProxyProtocolVersion.V2, HAProxyCommand.PROXY, protocol, source,
            destination, 40_000, 9090));
        ByteBuf out = encoder.readOutbound();
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        out.release();
        encoder.finishAndReleaseAll();
        return bytes;
    }

    private static byte[] header(String client) {
        return header(HAProxyProxiedProtocol.TCP4, client, "10.0.0.1");
    }

    private String get(String path) {
        return "GET " + origin.url(path) + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    }

    /** Sends the parts one write each, then reads until the proxy closes. */
    private String send(byte[]... parts) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            for (byte[] part : parts) {
                socket.getOutputStream().write(part);
                socket.getOutputStream().flush();
            }
            return ProxyFixture.readToClose(socket.getInputStream());
        }
    }

    /** The count once it is above 0, or 0 after 10 s: the proxy's I/O thread counts it, no notice comes. */
    private static long counted(LongSupplier count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (count.getAsLong() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        return count.getAsLong();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(a);
        out.writeBytes(b);
        return out.toByteArray();
    }

    @Test
    void aDirectorsHeaderMakesItsClientTheClientOfTheRulesAndOfXForwardedFor() throws Exception {
        proxy(LOOPBACK, Map.of("xForwardedFor", "true"));

        String answer = send(concat(header(CLIENT), ascii(get("/echo/v4")))); // one segment, as the balancer's

        assertThat(answer).startsWith("HTTP/1.1 200");
        assertThat(TestOrigin.parseEcho(ProxyForwardingTest.body(answer)))
            .containsEntry("header.x-forwarded-for", CLIENT);
        assertThat(asked).isNotEmpty().containsOnly(InetAddress.getByName(CLIENT));
        assertThat(proxy.server.headers().headersRead()).isEqualTo(1);
    }

    @Test
    void anIpv6ClientAndAHeaderSplitAcrossWritesAreReadAlike() throws Exception {
        proxy(LOOPBACK, Map.of("xForwardedFor", "true"));
        byte[] h = header(HAProxyProxiedProtocol.TCP6, "2001:db8::7", "2001:db8::1");

        String answer = send(Arrays.copyOf(h, 5), Arrays.copyOfRange(h, 5, h.length),
            ascii(get("/echo/v6")));

        assertThat(answer).startsWith("HTTP/1.1 200");
        assertThat(asked).isNotEmpty().containsOnly(InetAddress.getByName("2001:db8::7"));
        // RFC 5952's spelling, as the access log and the block page write it too (not 2001:db8:0:0:0:0:0:7)
        assertThat(TestOrigin.parseEcho(ProxyForwardingTest.body(answer)))
            .containsEntry("header.x-forwarded-for", "2001:db8::7");
    }

    @Test
    void aClientRuleAppliesToTheClientTheDirectorNamedNotToTheDirector() throws Exception {
        proxy(LOOPBACK, Map.of());

        String blocked = send(concat(header("203.0.113.66"), ascii(get("/echo/blocked"))));
        String allowed = send(concat(header(CLIENT), ascii(get("/echo/allowed"))));

        assertThat(blocked).startsWith("HTTP/1.1 403").contains("blocked by a client rule");
        assertThat(allowed).startsWith("HTTP/1.1 200");
    }

    @Test
    void aHeaderFromAnAddressThatIsNotADirectorIsRefusedAndCounted() throws Exception {
        proxy(Directors.NONE, Map.of());

        String answer = send(concat(header(CLIENT), ascii(get("/echo/spoofed"))));

        assertThat(answer).as("closed without an answer").isEmpty();
        assertThat(asked).as("never reached the rules").isEmpty();
        assertThat(proxy.server.headers().refusals(ProxyHeaders.Refusal.NOT_A_DIRECTOR)).isEqualTo(1);
        assertThat(proxy.server.headers().headersRead()).isZero();
    }

    @Test
    void aDirectorsConnectionWithoutAHeaderIsRefusedWhileOneIsRequired() throws Exception {
        proxy(LOOPBACK, Map.of());

        assertThat(send(ascii(get("/echo/bare")))).isEmpty();

        assertThat(asked).isEmpty();
        assertThat(proxy.server.headers().refusals(ProxyHeaders.Refusal.MISSING)).isEqualTo(1);
    }

    @Test
    void withoutRequireProxyHeaderADirectorsBareConnectionIsServedAsItself() throws Exception {
        proxy(LOOPBACK, Map.of("requireProxyHeader", "false"));

        assertThat(send(ascii(get("/echo/bare")))).startsWith("HTTP/1.1 200");

        assertThat(asked).isNotEmpty().containsOnly(InetAddress.getByName("127.0.0.1"));
    }

    @Test
    void aClientThatIsNoDirectorIsServedAsItself() throws Exception {
        proxy(Directors.NONE, Map.of());

        assertThat(send(ascii(get("/echo/direct")))).startsWith("HTTP/1.1 200");

        assertThat(asked).isNotEmpty().containsOnly(InetAddress.getByName("127.0.0.1"));
    }

    @Test
    void aHeaderThatIsNotOneIsRefusedAndCounted() throws Exception {
        proxy(LOOPBACK, Map.of());
        byte[] garbage = header(CLIENT);
        garbage[12] = 0x31; // version 3: the signature is right, the rest is not a v2 header

        assertThat(send(concat(garbage, ascii(get("/echo/garbage"))))).isEmpty();

        assertThat(asked).isEmpty();
        // Netty's decoder closes the connection before it reports the fault: the count may follow the close
        assertThat(counted(() -> proxy.server.headers().refusals(ProxyHeaders.Refusal.MALFORMED))).isEqualTo(1);
    }

    @Test
    void aTruncatedHeaderIsRefusedAtTheHeaderTimeoutAndCounted() throws Exception {
        proxy(LOOPBACK, Map.of("headerTimeoutMillis", "200"));
        byte[] h = header(CLIENT);

        assertThat(send(Arrays.copyOf(h, h.length - 3))).isEmpty(); // closed by the proxy, not a hang

        assertThat(proxy.server.headers().refusals(ProxyHeaders.Refusal.INCOMPLETE)).isEqualTo(1);
    }

    @Test
    void theDirectorsAreTheRegistrysDirectorsAndBackupsWithLoopbackOnlyWhenThisNodeIsOne() throws Exception {
        Instant now = Instant.now();
        List<ClusterNode> nodes = List.of(
            new ClusterNode("d1", "director+scan", "10.0.0.11", "1", Map.of(), Optional.empty(),
                now, false, false, 0),
            new ClusterNode("b1", "backup", "10.0.0.12", "1", Map.of(), Optional.empty(),
                now, true, false, 0),
            new ClusterNode("s1", "scanner", "10.0.0.13", "1", Map.of(), Optional.empty(),
                now, false, true, 0));

        Directors d = Directors.of(nodes).and(List.of(InetAddress.getByName("192.0.2.5")));

        assertThat(d.contains(InetAddress.getByName("10.0.0.11"))).isTrue();
        assertThat(d.contains(InetAddress.getByName("10.0.0.12"))).as("a stale backup still").isTrue();
        assertThat(d.contains(InetAddress.getByName("::ffff:10.0.0.12"))).as("as a dual-stack socket shows it")
            .isTrue();
        assertThat(d.contains(InetAddress.getByName("10.0.0.13"))).as("a scanner").isFalse();
        assertThat(d.contains(InetAddress.getByName("192.0.2.5"))).as("configured").isTrue();
        assertThat(d.contains(InetAddress.getByName("127.0.0.1"))).as("this node is a scanner").isFalse();
        assertThat(Directors.of(List.of(new ClusterNode("aio", "director+scan", "", "1", Map.of(),
            Optional.empty(), now, false, true, 0))).contains(InetAddress.getByName("127.0.0.1")))
            .as("the all-in-one node's balancer").isTrue();
    }
}
