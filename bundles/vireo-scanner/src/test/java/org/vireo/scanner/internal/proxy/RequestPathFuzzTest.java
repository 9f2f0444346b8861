package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.code_intelligence.jazzer.junit.FuzzTest;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.util.ReferenceCountUtil;

import org.vireo.rules.Network;
import org.vireo.rules.Verdict;
import org.vireo.scanner.internal.policy.DestinationGuard;
import org.vireo.scanner.internal.policy.LocalAddresses;
import org.vireo.api.TailRing;

/**
 * Fuzz target of a client connection's request path: the proxy's own pipeline handlers ({@link RequestDecoder} with
 * its {@link FramingGuard}, the response encoder, {@link ClientHandler} with the real options, rules, destination
 * guard, counters and access log) on an {@link EmbeddedChannel}, up to the origin connection, which is an
 * EmbeddedChannel with the proxy's {@link OriginCodec} and {@link OriginHandler} whose written bytes are recorded
 * (an honest origin: it answers each request it has read whole, with Netty's own lenient decoder, with 200). The
 * input is the bytes a client sends, in up to three reads cut where its first bytes say; requests go to
 * 127.0.0.1, the one destination the rules allow, so nothing is looked up. Invariants:
 * <ul>
 * <li>Netty's decoder never fails on bytes the guard accepted: every failed message the decoder emits carries the
 *     guard's own refusal;</li>
 * <li>the origins together receive no more complete requests than a guard reading the same bytes read whole, so a
 *     request the guard refused is never completed upstream;</li>
 * <li>what reaches each origin is a well-framed re-serialisation: a strict guard reading it refuses nothing;</li>
 * <li>when the guard refuses, the client connection ends closed;</li>
 * <li>no buffer is leaked, and the bytes allocated are bounded by the input.</li>
 * </ul>
 * Seeds: the raw requests of the proxy's framing tests.
 */
class RequestPathFuzzTest {

    static final long ALLOCATION_BASE = 4L << 20;
    static final long ALLOCATION_PER_BYTE = 4096;

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    /**
     * Buffers allocated as the work needs them: a pooling allocator takes a new chunk of megabytes now and then,
     * whatever the input (a finding of the first bound, the seed allocator-chunk).
     */
    private static final io.netty.buffer.ByteBufAllocator UNPOOLED = new io.netty.buffer.UnpooledByteBufAllocator(false);
    private static final ProxyOptions OPTIONS = ProxyOptions.parse(Map.of("maxHeaderCount", 20, "maxHeaderBytes",
        4096, "maxInitialLineBytes", 1024, "viaName", "fuzz", "poolMaxIdlePerHost", 0));
    private static final Network ORIGINS = Network.of("127.0.0.1");
    /** Literals only reach it, and a literal is never looked up: its threads idle. */
    private static final Resolver RESOLVER = new Resolver(OPTIONS, System::nanoTime);

    /**
     * One, as a proxy server has one for its life: its batch is a FastThreadLocal, whose slot in a thread is never
     * freed while the thread lives (a server's I/O threads end with it), so a log per run kept every run's batch on
     * this thread (the fuzzer's OutOfMemoryError after 412,084 runs).
     */
    private static final AccessLog ACCESS_LOG = new AccessLog("fuzz", () -> true, line -> { }, new TailRing<>(8));

    static {
        // the classes of the whole path loaded once, so that no measured run counts loading them
        run("POST http://127.0.0.1:8080/x HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nTransfer-Encoding: chunked\r\n\r\n"
            .concat("5\r\nhello\r\n0\r\n\r\nGET http://127.0.0.1/ HTTP/1.1\r\nHost: 1\r\nX: a\r\n b\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
    }

    @FuzzTest
    void whatReachesTheOriginIsAWellFramedRequestTheGuardAccepted(byte[] input) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        Run run = run(input);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;

        FramingGuard reference = new FramingGuard(OPTIONS.maxInitialLine(), OPTIONS.maxHeaderSize(),
            OPTIONS.maxHeaderCount());
        reference.scan(Unpooled.wrappedBuffer(input), 0, input.length);
        assertThat(run.netty.unexplainedFailures).as("decoder failures the guard did not make").isEmpty();
        assertThat(run.origins.completeRequests()).isLessThanOrEqualTo(reference.messagesRead());
        for (String received : run.origins.received) {
            FramingGuard strict = new FramingGuard(1 << 20, 1 << 20, 10_000);
            strict.scan(Unpooled.copiedBuffer(received, StandardCharsets.ISO_8859_1), 0, received.length());
            assertThat(strict.refusal()).as("what the origin received: %s", received).isNull();
        }
        if (reference.refusal() != null) {
            assertThat(run.clientOpen).as("the client connection after a refusal").isFalse();
        }
        long bound = ALLOCATION_BASE + ALLOCATION_PER_BYTE * input.length;
        if (allocated > bound) {
            // a path run for the first time loads its classes, which Jazzer instruments on this thread (a finding of
            // the bound, the seed first-run-of-a-path, that replays within it): the second run is the path's own cost
            long again = THREADS.getCurrentThreadAllocatedBytes();
            run(input);
            allocated = THREADS.getCurrentThreadAllocatedBytes() - again;
        }
        assertThat(allocated).as("bytes allocated for %d bytes of input", input.length).isLessThanOrEqualTo(bound);
    }

    private record Run(DecodedMessages netty, FakeOrigins origins, boolean clientOpen) {
    }

    private static Run run(byte[] input) {
        FakeOrigins origins = new FakeOrigins();
        ProxyRuntime runtime = new ProxyRuntime(OPTIONS, () -> facts -> facts.host().equals("127.0.0.1")
            ? new Verdict(true, "origins", "", ORIGINS, false) : new Verdict(false, "others", "not in the test"),
            () -> new DestinationGuard(LocalAddresses.NONE, false), RESOLVER, origins, new ProxyAuth(Map.of()),
            new ProxyCounters(System::currentTimeMillis), ACCESS_LOG);
        DecodedMessages decoded = new DecodedMessages();
        EmbeddedChannel client = new EmbeddedChannel(new RequestDecoder(OPTIONS), decoded, new HttpResponseEncoder(),
            new ClientHandler(runtime));
        client.config().setAllocator(UNPOOLED);
        int first = input.length == 0 ? 0 : cut(input, 0);
        int second = input.length < 2 ? first : Math.max(first, cut(input, 1));
        for (int[] read : new int[][] {{0, first}, {first, second}, {second, input.length}}) {
            if (read[1] > read[0] && client.isActive()) {
                client.writeInbound(Unpooled.wrappedBuffer(input, read[0], read[1] - read[0]));
                settle(client, origins);
            }
        }
        boolean open = client.isActive();
        client.finishAndReleaseAll();
        origins.closeAll();
        return new Run(decoded, origins, open);
    }

    private static int cut(byte[] input, int i) {
        return (input[i] & 0xff) * input.length / 256;
    }

    /** Lets the client and its origins exchange what they have until neither has more. */
    private static void settle(EmbeddedChannel client, FakeOrigins origins) {
        for (int round = 0; round < 64; round++) {
            client.runPendingTasks();
            boolean answered = origins.answer();
            for (Object out; (out = client.readOutbound()) != null; ) {
                ReferenceCountUtil.release(out);
            }
            if (!answered) {
                return;
            }
        }
    }

    /** Records the failures of what the decoder emits that are not the guard's; passes everything on. */
    private static final class DecodedMessages extends ChannelInboundHandlerAdapter {
        final List<Throwable> unexplainedFailures = new ArrayList<>();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpObject o && o.decoderResult().isFailure()
                && !(o.decoderResult().cause() instanceof RequestRefusal.FramingException)) {
                unexplainedFailures.add(o.decoderResult().cause());
            }
            ctx.fireChannelRead(msg);
        }
    }

    /** Origin connections as EmbeddedChannels with the proxy's origin pipeline; tunnels cannot connect. */
    private static final class FakeOrigins implements Origins {
        final List<EmbeddedChannel> channels = new ArrayList<>();
        final List<String> received = new ArrayList<>();
        private final List<EmbeddedChannel> readers = new ArrayList<>();
        private final List<Integer> answered = new ArrayList<>();

        @Override
        public Channel takeIdle(EventLoop loop, String key) {
            return null;
        }

        @Override
        public ChannelFuture connectHttp(EventLoop loop, InetSocketAddress address, String key) {
            EmbeddedChannel origin = new EmbeddedChannel(new OriginCodec(OPTIONS.maxInitialLine(), 65_536, 16_384),
                new OriginHandler());
            origin.config().setAllocator(UNPOOLED);
            channels.add(origin);
            received.add("");
            EmbeddedChannel reader = new EmbeddedChannel(new io.netty.handler.codec.http.HttpRequestDecoder());
            reader.config().setAllocator(UNPOOLED);
            readers.add(reader);
            answered.add(0);
            return origin.newSucceededFuture();
        }

        @Override
        public ChannelFuture connectRaw(EventLoop loop, InetSocketAddress address) {
            EmbeddedChannel refused = new EmbeddedChannel();
            return refused.newFailedFuture(new java.net.ConnectException("no tunnels in this test"));
        }

        @Override
        public void release(Channel channel, String key) {
            channel.close();
        }

        /** Reads what each origin was sent and answers each request it has read whole; true if any was answered. */
        boolean answer() {
            boolean any = false;
            for (int i = 0; i < channels.size(); i++) {
                EmbeddedChannel origin = channels.get(i);
                StringBuilder got = new StringBuilder(received.get(i));
                for (Object out; (out = origin.readOutbound()) != null; ) {
                    ByteBuf buf = (ByteBuf) out;
                    got.append(buf.toString(StandardCharsets.ISO_8859_1));
                    readers.get(i).writeInbound(buf);
                }
                received.set(i, got.toString());
                int complete = 0;
                for (Object msg; (msg = readers.get(i).readInbound()) != null; ) {
                    if (msg instanceof io.netty.handler.codec.http.LastHttpContent last
                        && last.decoderResult().isSuccess()) {
                        complete++;
                    }
                    ReferenceCountUtil.release(msg);
                }
                answered.set(i, answered.get(i) + complete);
                for (int k = 0; k < complete && origin.isActive(); k++) {
                    origin.writeInbound(Unpooled.copiedBuffer("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
                        StandardCharsets.US_ASCII));
                    any = true;
                }
            }
            return any;
        }

        long completeRequests() {
            return answered.stream().mapToLong(Integer::longValue).sum();
        }

        void closeAll() {
            channels.forEach(EmbeddedChannel::finishAndReleaseAll);
            readers.forEach(EmbeddedChannel::finishAndReleaseAll);
        }
    }
}
