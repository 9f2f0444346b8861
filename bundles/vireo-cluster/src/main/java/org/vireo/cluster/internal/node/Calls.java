package org.vireo.cluster.internal.node;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.MemberCalls;
import org.vireo.cluster.internal.channel.ClusterTransport;
import org.vireo.cluster.internal.sync.SyncMessages;

/**
 * {@link MemberCalls} over the cluster's transport: a {@link SyncMessages#CALL} carries an id, the topic and the
 * request; the member's handler's {@link SyncMessages#ANSWER} carries the id and the answer or the failure's message.
 * The transport is looked up at each call: the cluster restarts its channel when its settings change.
 */
final class Calls implements MemberCalls {

    private static final Logger LOG = LoggerFactory.getLogger(Calls.class);

    private final Supplier<ClusterTransport> transport;
    private final ScheduledExecutorService timer;
    private final AtomicLong ids = new AtomicLong();
    private final Map<Long, CompletableFuture<byte[]>> pending = new ConcurrentHashMap<>();
    private final Map<String, Function<byte[], CompletionStage<byte[]>>> handlers = new ConcurrentHashMap<>();

    /** @param timer ends the calls that get no answer in time */
    Calls(Supplier<ClusterTransport> transport, ScheduledExecutorService timer) {
        this.transport = transport;
        this.timer = timer;
    }

    @Override
    public CompletableFuture<byte[]> call(String member, String topic, byte[] request, Duration timeout) {
        CompletableFuture<byte[]> answer = new CompletableFuture<>();
        if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(MAX_TIMEOUT) > 0) {
            answer.completeExceptionally(new IllegalArgumentException("a call's timeout is from 1 ms to "
                + MAX_TIMEOUT.toMinutes() + " min, not " + timeout.toMillis() + " ms"));
            return answer;
        }
        ClusterTransport t = transport.get();
        if (t == null || !t.view().members().contains(member)) {
            answer.completeExceptionally(new IllegalStateException("member " + member + " is not in this node's view "
                + (t == null ? "(the cluster is not running)" : t.view().members())));
            return answer;
        }
        long id = ids.incrementAndGet();
        pending.put(id, answer);
        answer.whenComplete((a, e) -> pending.remove(id));
        timer.schedule(() -> answer.completeExceptionally(new TimeoutException("member " + member
            + " did not answer " + topic + " within " + timeout.toMillis() + " ms")), timeout.toMillis(),
            TimeUnit.MILLISECONDS);
        t.send(member, SyncMessages.encode(out -> {
            out.writeByte(SyncMessages.CALL);
            out.writeLong(id);
            out.writeUTF(topic);
            writeBytes(out, request);
        }));
        return answer;
    }

    @Override
    public AutoCloseable answer(String topic, Function<byte[], CompletionStage<byte[]>> handler) {
        if (handlers.putIfAbsent(topic, handler) != null) {
            throw new IllegalStateException("the topic " + topic + " has a handler already on this node");
        }
        return () -> handlers.remove(topic, handler);
    }

    /** Takes a {@link SyncMessages#CALL} or {@link SyncMessages#ANSWER}; false for any other kind of payload. */
    boolean received(String from, byte[] payload) {
        if (payload.length == 0 || (payload[0] != SyncMessages.CALL && payload[0] != SyncMessages.ANSWER)) {
            return false;
        }
        try {
            DataInputStream in = SyncMessages.input(payload);
            if (in.readByte() == SyncMessages.CALL) {
                called(from, in.readLong(), in.readUTF(), readBytes(in));
            } else {
                answered(in.readLong(), in.readBoolean(), in);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("cluster: unreadable call or answer from {}: {}", from, e.toString());
        }
        return true;
    }

    private void called(String from, long id, String topic, byte[] request) {
        Function<byte[], CompletionStage<byte[]>> handler = handlers.get(topic);
        CompletionStage<byte[]> answer;
        if (handler == null) {
            answer = CompletableFuture.failedFuture(new IllegalStateException("no handler of " + topic + " on "
                + transport.get().localMember() + " (is the feature that answers it installed in its role?)"));
        } else {
            try {
                answer = handler.apply(request);
            } catch (RuntimeException e) {
                answer = CompletableFuture.failedFuture(e);
            }
        }
        answer.whenComplete((bytes, failure) -> reply(from, id, bytes, failure));
    }

    private void reply(String to, long id, byte[] bytes, Throwable failure) {
        Throwable cause = failure != null && failure.getCause() != null
            && failure instanceof CompletionException ? failure.getCause() : failure;
        ClusterTransport t = transport.get();
        if (t == null) {
            return; // the cluster stopped meanwhile: the caller's timeout ends its call
        }
        t.send(to, SyncMessages.encode(out -> {
            out.writeByte(SyncMessages.ANSWER);
            out.writeLong(id);
            out.writeBoolean(cause == null);
            if (cause == null) {
                writeBytes(out, bytes);
            } else {
                out.writeUTF(String.valueOf(cause.getMessage()));
            }
        }));
    }

    private void answered(long id, boolean ok, DataInputStream in) throws IOException {
        CompletableFuture<byte[]> call = pending.get(id);
        if (call == null) {
            return; // timed out already
        }
        if (ok) {
            call.complete(readBytes(in));
        } else {
            call.completeExceptionally(new IllegalStateException(in.readUTF()));
        }
    }

    /** Fails the calls still waiting: the cluster stops. */
    void close() {
        pending.values().forEach(c -> c.completeExceptionally(new IllegalStateException("the cluster stopped")));
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("a body of " + n + " bytes where " + in.available() + " are left");
        }
        return in.readNBytes(n);
    }
}
