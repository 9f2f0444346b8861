package org.vireo.cluster.internal.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.jgroups.protocols.DISCARD;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.DocumentStore;
import org.vireo.cluster.internal.sync.EditLedger;
import org.vireo.cluster.internal.sync.MemoryDocuments;
import org.vireo.cluster.internal.sync.SyncEngine;
import org.vireo.cluster.internal.version.HybridClock;

/**
 * Config sync over real JGroups members in this JVM (TLS on 127.0.0.1), each wired as a node wires it (one thread
 * per member runs its engine; a view change starts anti-entropy): random schedules of edits on any member, a
 * member cut off and healed (a partition with edits on both sides), a member restarted from its stored records,
 * sometimes edited while it was down. After the last heal every member must hold the same records and documents,
 * and no edit may be lost (see {@link EditLedger}).
 */
class JGroupsSyncTest {

    private static final List<String> DOCS = List.of("pid:org.vireo.balancer", "file:vireo/rules.conf");
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final List<Member> members = new ArrayList<>();

    @AfterEach
    void stopAll() {
        CompletableFuture.allOf(members.stream().map(m -> CompletableFuture.runAsync(m::stop))
            .toArray(CompletableFuture[]::new)).join();
    }

    /** One node: its documents, its stored records, its engine on a thread of its own, its channel. */
    private final class Member implements ClusterTransport.Listener {
        final String name;
        final Path store;
        final MemoryDocuments local = new MemoryDocuments(DOCS); // touched on the member's thread only
        final Map<String, byte[]> docs = local.docs;
        final Events<ClusterView> views = new Events<>();
        ChannelSettings settings;
        ExecutorService thread;
        JGroupsTransport transport;
        SyncEngine engine;

        Member(String name, ChannelSettings settings, Path store) {
            this.name = name;
            this.settings = settings;
            this.store = store;
        }

        void start() throws Exception {
            thread = Executors.newSingleThreadExecutor(r -> new Thread(r, "sync-" + name));
            transport = new JGroupsTransport(name, settings, this);
            engine = new SyncEngine(name, new HybridClock(name, System::currentTimeMillis, 60_000),
                new DocumentStore(store, false), local, new ChannelPeers(transport), Instant::now);
            call(() -> {
                engine.start();
                return null;
            });
            transport.start();
        }

        void stop() {
            if (transport != null) {
                transport.close();
                thread.shutdown();
                try {
                    thread.awaitTermination(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                transport = null;
            }
        }

        <T> T call(Callable<T> task) throws Exception {
            return thread.submit(task).get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }

        private void onThread(IoTask task) {
            thread.execute(() -> {
                try {
                    task.run();
                } catch (IOException e) {
                    throw new IllegalStateException(name, e);
                }
            });
        }

        @Override
        public void received(String from, byte[] payload) {
            onThread(() -> engine.received(from, payload));
        }

        @Override
        public void viewChanged(ClusterView view) {
            views.add(view);
            onThread(engine::sync);
        }

        @Override
        public void refused(String peer, String reason) {
        }

        EditLedger.Replica replica() throws Exception {
            return call(() -> new EditLedger.Replica(name, Map.copyOf(engine.records()), Map.copyOf(docs),
                engine.stateFingerprint()));
        }
    }

    private interface IoTask {
        void run() throws IOException;
    }

    private void awaitView(Member m, int from, int size) throws InterruptedException {
        try {
            m.views.await(from, v -> v.members().size() == size, WAIT, m.name + " to see a view of " + size);
        } catch (AssertionError e) {
            StringBuilder message = new StringBuilder(e.getMessage()).append("; members now:");
            for (Member x : members) {
                List<ClusterView> seen = x.views.all();
                message.append(' ').append(x.name).append(' ')
                    .append(seen.isEmpty() ? "no view" : seen.get(seen.size() - 1))
                    .append(x.transport == null ? " (stopped)"
                        : x.transport.failure().map(f -> " (" + f + ")").orElse(""));
            }
            throw new AssertionError(message.toString(), e);
        }
    }

    @Test
    void editsPartitionsAndRestartsConvergeWithoutLosingAnEdit() throws Exception {
        for (long seed = 1; seed <= 3; seed++) {
            runSchedule(seed);
            stopAll();
            members.clear();
        }
    }

    private void runSchedule(long seed) throws Exception {
        Random random = new Random(seed);
        TestChannels channels = new TestChannels(dir.resolve("seed" + seed));
        List<Integer> ports = TestChannels.freePorts(3);
        for (int i = 0; i < 3; i++) {
            String name = "n" + (i + 1);
            members.add(new Member(name, channels.settings(name, "ca", ports.get(i), ports, Map.of()),
                dir.resolve("seed" + seed).resolve("store-" + name)));
        }
        for (Member m : members) {
            m.start();
        }
        for (Member m : members) {
            awaitView(m, 0, 3);
        }
        EditLedger ledger = new EditLedger();
        Member cut = null;
        DISCARD discard = null;
        for (int step = 0; step < 14; step++) {
            int op = random.nextInt(100);
            if (op < 60 || step == 0) {
                Member m = members.get(random.nextInt(3));
                String doc = DOCS.get(random.nextInt(DOCS.size()));
                String content = m.name + " " + doc + " " + random.nextInt(1_000_000);
                DocumentRecord after = m.call(() -> {
                    DocumentRecord before = m.engine.records().get(doc);
                    m.docs.put(doc, content.getBytes());
                    m.engine.localChanged(doc);
                    DocumentRecord now = m.engine.records().get(doc);
                    return now == before ? null : now;
                });
                if (after != null) {
                    ledger.made(doc, after.current().version(), content.getBytes());
                }
            } else if (op < 80 && cut == null) {
                cut = members.get(random.nextInt(3));
                int[] marks = members.stream().mapToInt(m -> m.views.mark()).toArray();
                discard = TestChannels.cut(cut.transport);
                for (int i = 0; i < 3; i++) {
                    awaitView(members.get(i), marks[i], members.get(i) == cut ? 1 : 2);
                }
            } else if (op < 90 && cut != null) {
                int[] marks = members.stream().mapToInt(m -> m.views.mark()).toArray();
                TestChannels.heal(cut.transport, discard);
                cut = null;
                for (int i = 0; i < 3; i++) {
                    awaitView(members.get(i), marks[i], 3);
                }
            } else if (cut == null) {
                Member m = members.get(random.nextInt(3));
                m.stop();
                if (random.nextBoolean()) { // edited while it was down
                    m.docs.put(DOCS.get(random.nextInt(DOCS.size())), (m.name + " offline " + step).getBytes());
                }
                int[] marks = members.stream().mapToInt(x -> x.views.mark()).toArray();
                m.start();
                ledger.noteOwnCurrentEdits(m.name, m.call(() -> List.copyOf(m.engine.records().values())));
                for (int i = 0; i < 3; i++) {
                    awaitView(members.get(i), marks[i], 3);
                }
            }
        }
        if (cut != null) {
            int[] marks = members.stream().mapToInt(m -> m.views.mark()).toArray();
            TestChannels.heal(cut.transport, discard);
            for (int i = 0; i < 3; i++) {
                awaitView(members.get(i), marks[i], 3);
            }
        }
        awaitConvergence(seed, ledger);
        long before = members.get(0).replica().fingerprint();

        // the whole cluster restarts: every member from its stored records, nothing lost
        CompletableFuture.allOf(members.stream().map(m -> CompletableFuture.runAsync(m::stop))
            .toArray(CompletableFuture[]::new)).join();
        int[] marks = members.stream().mapToInt(m -> m.views.mark()).toArray();
        for (Member m : members) {
            m.start();
        }
        for (int i = 0; i < 3; i++) {
            awaitView(members.get(i), marks[i], 3);
        }
        awaitConvergence(seed, ledger);
        assertThat(members.get(0).replica().fingerprint()).as("seed %d: the same edits after a whole-cluster restart",
            seed).isEqualTo(before);
    }

    /** Anti-entropy until every member holds the same edits (bounded), then the full check. */
    private void awaitConvergence(long seed, EditLedger ledger) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            for (Member m : members) {
                m.call(() -> {
                    m.engine.sync();
                    return null;
                });
            }
            List<EditLedger.Replica> replicas = new ArrayList<>();
            for (Member m : members) {
                replicas.add(m.replica());
            }
            boolean same = replicas.stream().map(EditLedger.Replica::fingerprint).distinct().count() == 1;
            if (same || System.nanoTime() > deadline) {
                System.out.printf("seed %d: %d edits, %d lost in conflicts%n", seed, ledger.size(),
                    replicas.get(0).records().values().stream().mapToInt(r -> r.losers().size()).sum());
                assertThat(ledger.unknownLosers(replicas.get(0).records().values()))
                    .as("seed %d: lost edits that nobody made", seed).isEmpty();
                ledger.assertConverged("seed " + seed + " (" + ledger.size() + " edits)", replicas, DOCS);
                return;
            }
            Thread.sleep(100); // anti-entropy is a round trip on other threads: look again shortly
        }
    }
}
