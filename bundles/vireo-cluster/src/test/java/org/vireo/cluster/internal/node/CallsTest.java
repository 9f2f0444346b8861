package org.vireo.cluster.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.cluster.internal.channel.ClusterTransport;
import org.vireo.cluster.internal.channel.ClusterView;

/** Requests between two members over a transport that delivers in order on a thread of its own, as JGroups does. */
class CallsTest {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService wire = Executors.newSingleThreadExecutor();
    private final Map<String, Calls> members = new java.util.concurrent.ConcurrentHashMap<>();
    private final Calls a = member("a");
    private final Calls b = member("b");

    @AfterEach
    void stop() {
        timer.shutdownNow();
        wire.shutdownNow();
    }

    private Calls member(String name) {
        ClusterTransport transport = new ClusterTransport() {
            @Override
            public String localMember() {
                return name;
            }

            @Override
            public void broadcast(byte[] payload) {
                throw new UnsupportedOperationException("calls go to one member");
            }

            @Override
            public void send(String member, byte[] payload) {
                wire.execute(() -> members.get(member).received(name, payload));
            }

            @Override
            public ClusterView view() {
                return new ClusterView(1, List.of("a", "b"), "a", false);
            }

            @Override
            public void close() {
            }
        };
        Calls calls = new Calls(() -> transport, timer);
        members.put(name, calls);
        return calls;
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String answer(CompletableFuture<byte[]> call) throws Exception {
        return new String(call.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
    }

    private static Throwable failure(CompletableFuture<byte[]> call) {
        return assertThatThrownBy(() -> call.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
            .actual().getCause();
    }

    @Test
    void aMembersHandlerAnswers_andAnotherTopicsHandlerIsNotAsked() throws Exception {
        b.answer("echo", r -> CompletableFuture.completedFuture(text("echo " + new String(r, StandardCharsets.UTF_8))));
        b.answer("other", r -> CompletableFuture.completedFuture(text("other")));

        assertThat(answer(a.call("b", "echo", text("hello"), Duration.ofSeconds(10)))).isEqualTo("echo hello");
    }

    @Test
    void anAnswerThatTakesItsTimeComesBack() throws Exception {
        b.answer("slow", r -> CompletableFuture.supplyAsync(() -> text("late"),
            CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS)));

        assertThat(answer(a.call("b", "slow", new byte[0], Duration.ofSeconds(10)))).isEqualTo("late");
    }

    @Test
    void aTopicWithoutAHandlerThere_orAFailingHandler_failsTheCallWithTheReason() {
        b.answer("broken", r -> {
            throw new IllegalArgumentException("no probe target given");
        });
        b.answer("failing", r -> CompletableFuture.failedFuture(new IllegalStateException("the probe could not run")));

        assertThat(failure(a.call("b", "probe", new byte[0], Duration.ofSeconds(10))))
            .hasMessageContaining("no handler of probe on b");
        assertThat(failure(a.call("b", "broken", new byte[0], Duration.ofSeconds(10))))
            .hasMessage("no probe target given");
        assertThat(failure(a.call("b", "failing", new byte[0], Duration.ofSeconds(10))))
            .hasMessage("the probe could not run");
    }

    @Test
    void noAnswerInTime_aMemberNotInTheView_orABadTimeout_failTheCall() {
        b.answer("never", r -> new CompletableFuture<>());

        assertThat(failure(a.call("b", "never", new byte[0], Duration.ofMillis(100))))
            .isInstanceOf(TimeoutException.class).hasMessage("member b did not answer never within 100 ms");
        assertThat(failure(a.call("c", "never", new byte[0], Duration.ofSeconds(1))))
            .hasMessage("member c is not in this node's view [a, b]");
        assertThat(failure(a.call("b", "never", new byte[0], Duration.ofMinutes(6))))
            .hasMessage("a call's timeout is from 1 ms to 5 min, not 360000 ms");
    }

    @Test
    void oneHandlerPerTopic_untilItsHandleIsClosed() throws Exception {
        AutoCloseable first = b.answer("echo", r -> CompletableFuture.completedFuture(text("first")));

        assertThatThrownBy(() -> b.answer("echo", r -> CompletableFuture.completedFuture(text("second"))))
            .hasMessage("the topic echo has a handler already on this node");
        first.close();
        b.answer("echo", r -> CompletableFuture.completedFuture(text("second")));

        assertThat(answer(a.call("b", "echo", new byte[0], Duration.ofSeconds(10)))).isEqualTo("second");
    }

    @Test
    void closingFailsTheCallsStillWaiting() {
        b.answer("never", r -> new CompletableFuture<>());
        CompletableFuture<byte[]> waiting = a.call("b", "never", new byte[0], Duration.ofSeconds(60));

        a.close();

        assertThat(failure(waiting)).hasMessage("the cluster stopped");
    }
}
