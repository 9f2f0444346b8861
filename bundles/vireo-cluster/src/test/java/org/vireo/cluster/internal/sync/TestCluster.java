package org.vireo.cluster.internal.sync;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.vireo.cluster.internal.version.HybridClock;

/**
 * Members of one cluster in a test, each an engine on {@link MemoryDocuments} with one document: their messages go
 * on one wire in the order they were sent and arrive when the test delivers them (so two edits made before a
 * delivery are concurrent), under a wall clock the test moves. The first member coordinates.
 */
public final class TestCluster {

    final String doc;
    private final Path dir;
    private final ArrayDeque<Runnable> wire = new ArrayDeque<>();
    private final Map<String, Member> members = new LinkedHashMap<>();
    public long wall = 1_800_000_000_000L;

    public TestCluster(Path dir, String doc) {
        this.dir = dir;
        this.doc = doc;
    }

    /** A member, not started. */
    public Member member(String name) {
        Member m = new Member(name);
        members.put(name, m);
        return m;
    }

    /** Delivers every message sent, and those their delivery sends. */
    public void deliver() {
        while (!wire.isEmpty()) {
            wire.poll().run();
        }
    }

    /** One member: the test edits its document, the engine sends what it decides on the cluster's wire. */
    public final class Member implements Peers {
        public final String name;
        public final MemoryDocuments local;
        public SyncEngine engine;

        private Member(String name) {
            this.name = name;
            this.local = new MemoryDocuments(List.of(doc));
        }

        public Member start() throws IOException {
            engine = new SyncEngine(name, new HybridClock(name, () -> wall, 60_000),
                new DocumentStore(dir.resolve(name), false), local, this, () -> Instant.ofEpochMilli(wall));
            engine.start();
            return this;
        }

        /** The operator's change of the document here, which the engine is told of; nothing delivered yet. */
        public void change(String content) throws IOException {
            wall += 10;
            local.docs.put(doc, content.getBytes(StandardCharsets.UTF_8));
            engine.localChanged(doc);
        }

        /** A change, then everything it sends delivered. */
        public void edit(String content) throws IOException {
            change(content);
            deliver();
        }

        public String document() {
            byte[] content = local.docs.get(doc);
            return content == null ? null : new String(content, StandardCharsets.UTF_8);
        }

        public DocumentRecord record() {
            return engine.records().get(doc);
        }

        @Override
        public String coordinator() {
            return members.keySet().iterator().next();
        }

        @Override
        public void broadcast(byte[] payload) {
            members.values().stream().filter(m -> m != this).forEach(m -> send(m.name, payload));
        }

        @Override
        public void send(String member, byte[] payload) {
            wire.add(() -> {
                try {
                    members.get(member).engine.received(name, payload);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
