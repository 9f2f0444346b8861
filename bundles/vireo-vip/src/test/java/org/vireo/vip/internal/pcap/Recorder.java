package org.vireo.vip.internal.pcap;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpTransport;

/** A channel's receiver that keeps what the transport tells it, for a test to await; it can be made slow. */
final class Recorder implements VrrpTransport.Receiver {

    /** One message as handed over. */
    record Message(byte[] bytes, InetAddress source, InetAddress destination, int ttl, long ageMicros) {
    }

    private static final long WAIT_SECONDS = 10;

    private final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();
    private final BlockingQueue<DropReason> drops = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> failures = new LinkedBlockingQueue<>();
    private final CountDownLatch firstMessage = new CountDownLatch(1);
    private volatile CountDownLatch holdUntil;

    /** From now on the receive thread waits in this receiver, as in a slow instance, until {@link #release}. */
    void hold() {
        holdUntil = new CountDownLatch(1);
    }

    void release() {
        CountDownLatch hold = holdUntil;
        holdUntil = null;
        if (hold != null) {
            hold.countDown();
        }
    }

    @Override
    public void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination,
                         int ttl) {
        received(message, offset, length, source, destination, ttl, 0);
    }

    @Override
    public void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination,
                         int ttl, long ageMicros) {
        messages.add(new Message(Arrays.copyOfRange(message, offset, offset + length), source, destination, ttl,
            ageMicros));
        firstMessage.countDown();
        CountDownLatch hold = holdUntil;
        if (hold != null) {
            try {
                hold.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void dropped(DropReason reason) {
        drops.add(reason);
    }

    @Override
    public void failed(String reason) {
        failures.add(reason);
    }

    /** The next message handed over; fails the test if none comes within 10 s. */
    Message next() throws InterruptedException {
        return awaited(messages.poll(WAIT_SECONDS, TimeUnit.SECONDS), "a message");
    }

    /** Waits until the receive thread is inside this receiver with its first message. */
    void awaitFirst() throws InterruptedException {
        if (!firstMessage.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("no message came within " + WAIT_SECONDS + " s");
        }
    }

    DropReason nextDrop() throws InterruptedException {
        return awaited(drops.poll(WAIT_SECONDS, TimeUnit.SECONDS), "a drop");
    }

    String nextFailure() throws InterruptedException {
        return awaited(failures.poll(WAIT_SECONDS, TimeUnit.SECONDS), "a failure");
    }

    boolean failedYet() {
        return !failures.isEmpty();
    }

    private static <T> T awaited(T value, String what) {
        if (value == null) {
            throw new AssertionError("no " + what + " came within " + WAIT_SECONDS + " s");
        }
        return value;
    }
}
