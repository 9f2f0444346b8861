package org.vireo.cluster.internal.probe;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.vireo.cluster.MemberProbes;
import org.vireo.cluster.internal.sync.SyncMessages;

/** A probe's request and result as they travel between members. */
final class ProbeCodec {

    /** The most attempts a result may carry: {@link MemberProbes#MAX_DURATION} at the shortest interval. */
    static final int MAX_ATTEMPTS = (int) (MemberProbes.MAX_DURATION.toMillis() / MemberProbes.MIN_INTERVAL.toMillis());

    private ProbeCodec() {
    }

    static byte[] encode(MemberProbes.Request r) {
        return SyncMessages.encode(out -> {
            out.writeUTF(r.target());
            out.writeLong(r.interval().toNanos());
            out.writeLong(r.duration().toNanos());
            out.writeLong(r.timeout().toNanos());
        });
    }

    /** @throws IllegalArgumentException for a request that is not one, or out of bounds */
    static MemberProbes.Request request(byte[] bytes) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
            return new MemberProbes.Request(in.readUTF(), Duration.ofNanos(in.readLong()),
                Duration.ofNanos(in.readLong()), Duration.ofNanos(in.readLong()));
        } catch (IOException e) {
            throw new IllegalArgumentException("an unreadable probe request: " + e);
        }
    }

    static byte[] encode(MemberProbes.Result r) {
        return SyncMessages.encode(out -> {
            out.writeUTF(r.member());
            out.writeUTF(r.target());
            out.writeLong(r.started().getEpochSecond());
            out.writeInt(r.started().getNano());
            out.writeInt(r.attempts().size());
            for (MemberProbes.Attempt a : r.attempts()) {
                out.writeLong(a.startNanos());
                out.writeLong(a.endNanos());
                out.writeBoolean(a.ok());
                out.writeUTF(a.error().length() > 200 ? a.error().substring(0, 200) : a.error());
            }
        });
    }

    static MemberProbes.Result result(byte[] bytes) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
            String member = in.readUTF();
            String target = in.readUTF();
            Instant started = Instant.ofEpochSecond(in.readLong(), in.readInt());
            int n = in.readInt();
            if (n < 0 || n > MAX_ATTEMPTS) {
                throw new IOException(n + " attempts");
            }
            List<MemberProbes.Attempt> attempts = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                attempts.add(new MemberProbes.Attempt(in.readLong(), in.readLong(), in.readBoolean(), in.readUTF()));
            }
            return new MemberProbes.Result(member, target, started, attempts);
        } catch (IOException e) {
            throw new IllegalArgumentException("an unreadable probe result: " + e);
        }
    }
}
