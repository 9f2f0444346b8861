package org.vireo.vrrp.internal.drill;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Optional;

import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpTakeover;

/**
 * What a member answers a drill about its instance of a name: its state, priority, and its last takeover as it
 * recorded it (when it heard the old master's last advert, when its VIPs were claimed and announced, when it sent its
 * first own advert), in its clock.
 */
record TakeoverRecord(String state, int priority, Optional<Instant> lastAdvertHeard, Optional<Instant> vipsClaimed,
                      Optional<Instant> firstAdvertSent) {

    static TakeoverRecord of(VrrpInstance i) {
        Optional<VrrpTakeover> t = i.lastTakeover();
        return new TakeoverRecord(i.state().name(), i.effectivePriority(), t.flatMap(VrrpTakeover::lastAdvertHeard),
            t.flatMap(VrrpTakeover::vipsClaimed), t.map(VrrpTakeover::firstAdvertSent));
    }

    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeUTF(state);
            out.writeInt(priority);
            write(out, lastAdvertHeard);
            write(out, vipsClaimed);
            write(out, firstAdvertSent);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not from memory
        }
        return bytes.toByteArray();
    }

    static TakeoverRecord decode(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            return new TakeoverRecord(in.readUTF(), in.readInt(), read(in), read(in), read(in));
        } catch (IOException e) {
            throw new IllegalArgumentException("an unreadable takeover record: " + e);
        }
    }

    private static void write(DataOutputStream out, Optional<Instant> at) throws IOException {
        out.writeBoolean(at.isPresent());
        if (at.isPresent()) {
            out.writeLong(at.get().getEpochSecond());
            out.writeInt(at.get().getNano());
        }
    }

    private static Optional<Instant> read(DataInputStream in) throws IOException {
        return in.readBoolean() ? Optional.of(Instant.ofEpochSecond(in.readLong(), in.readInt())) : Optional.empty();
    }
}
