package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;

/** How the access log hands its lines to the logger: batched per I/O thread, never lost, never held back. */
class AccessLogTest {

    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final AccessLog log = new AccessLog("n1", () -> true, messages::add, new TailRing<>(8));
    private final EventLoop loop = new DefaultEventLoop();

    @AfterEach
    void stop() throws InterruptedException {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(10, TimeUnit.SECONDS);
    }

    @Test
    void linesEndedInOneTurnOfTheLoopReachTheLoggerAsOneMessageOfLines() throws Exception {
        loop.submit(() -> {
            for (int i = 0; i < 3; i++) {
                log.record(exchange("/" + i), 0, loop);
            }
            assertThat(messages).isEmpty(); // not before the loop has finished what it was doing
        }).get(10, TimeUnit.SECONDS);
        loop.submit(() -> { }).get(10, TimeUnit.SECONDS); // the batch was queued before this task

        assertThat(messages).hasSize(1);
        assertThat(messages.get(0).split("\n")).hasSize(3).allMatch(l -> l.startsWith("{\"time\":"))
            .satisfies(lines -> assertThat(lines[2]).contains("\"target\":\"http://a/2\""));
    }

    @Test
    void aLoneLineIsLoggedWithoutWaitingForMore() throws Exception {
        loop.submit(() -> log.record(exchange("/alone"), 0, loop)).get(10, TimeUnit.SECONDS);
        loop.submit(() -> { }).get(10, TimeUnit.SECONDS);

        assertThat(messages).singleElement().asString().contains("/alone").doesNotContain("\n");
    }

    @Test
    void anExchangeIsLoggedOnce() throws Exception {
        Exchange e = exchange("/once");
        loop.submit(() -> {
            log.record(e, 0, loop);
            log.record(e, 0, loop);
        }).get(10, TimeUnit.SECONDS);
        loop.submit(() -> { }).get(10, TimeUnit.SECONDS);

        assertThat(messages).singleElement().asString().doesNotContain("\n");
    }

    @Test
    void aLargeBatchGoesOutBeforeTheTurnEnds() throws Exception {
        loop.submit(() -> {
            String path = "/" + "x".repeat(1000);
            for (int i = 0; i < 100; i++) {
                log.record(exchange(path), 0, loop);
            }
            assertThat(messages).isNotEmpty(); // 100 lines of 1 KB: past the batch's bound
        }).get(10, TimeUnit.SECONDS);
        loop.submit(() -> { }).get(10, TimeUnit.SECONDS);

        assertThat(messages.stream().mapToInt(m -> m.split("\n").length).sum()).isEqualTo(100);
    }

    @Test
    void aLoopThatNoLongerTakesTasksGetsItsLineLoggedAtOnce() {
        log.record(exchange("/late"), 0, task -> {
            throw new RejectedExecutionException("shut down");
        });

        assertThat(messages).singleElement().asString().contains("/late");
    }

    @Test
    void nothingIsFormattedWhileTheLoggerIsOff() {
        AccessLog off = new AccessLog("n1", () -> false, messages::add, new TailRing<>(8));
        off.record(exchange("/off"), 0, Runnable::run);

        assertThat(messages).isEmpty();
    }

    @Test
    void eachExchangeGoesToTheRecentListOnceWithItsFields_whateverTheLoggersLevel() {
        TailRing<AccessEntry> recent = new TailRing<>(8);
        AccessLog off = new AccessLog("n1", () -> false, messages::add, recent);
        Exchange e = exchange("/kept");
        e.rule = "partners";
        e.refusal = RequestRefusal.values()[0];
        off.record(e, 7_000_000, Runnable::run);
        off.record(e, 9_000_000, Runnable::run);

        assertThat(recent.read(-1, x -> true, 10)).containsExactly(new AccessEntry(1,
            Instant.parse("2026-11-30T04:00:00.5Z"), "10.0.0.1", "GET", "http://a/kept", 200, 0, 0, 7, "partners",
            RequestRefusal.values()[0].code()));
        assertThat(messages).isEmpty();
    }

    @Test
    void theRecentListCutsALongTarget() {
        TailRing<AccessEntry> recent = new TailRing<>(8);
        new AccessLog("n1", () -> true, messages::add, recent).record(exchange("/" + "x".repeat(5000)), 0,
            Runnable::run);

        assertThat(recent.read(-1, x -> true, 1).get(0).target()).hasSize(AccessEntry.MAX_TARGET + 3).endsWith("...");
        assertThat(messages.get(0)).contains("x".repeat(5000)); // the file has it whole
    }

    private static Exchange exchange(String path) {
        Exchange e = new Exchange(Instant.parse("2026-11-30T04:00:00.5Z"), 0, "10.0.0.1", "GET");
        e.target = "http://a" + path;
        e.status = 200;
        return e;
    }
}
