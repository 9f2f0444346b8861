package org.vireo.cluster.internal.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.internal.version.HybridClock;

/**
 * Many random schedules of edits, partitions, message reordering across members, crashes and restarts, on a
 * simulated network with JGroups' delivery guarantees (FIFO per sender and receiver within a view, nothing across a
 * partition); then the partitions heal and anti-entropy runs. Every member must end with the same records and the
 * same local documents, and no edit may be lost: each one is the winner, a kept loser (with its content), or was
 * overwritten by an edit made knowing it. Some edits go unnoticed for a while, as between an operator's write and
 * the file watcher's event: a member's record arriving meanwhile must not overwrite them. The management API writes
 * now and then (based on the current version, an older one or none; a stale one must change nothing) and resolves
 * conflicts: every edit a resolution saw must be settled on every member at the end.
 */
class SyncSimulationTest {

    private static final List<String> DOCS = List.of("pid:org.vireo.balancer", "file:vireo/rules.conf",
        "pid:org.vireo.health.monitor~web");

    @TempDir
    Path dir;

    @Test
    void randomSchedulesConvergeWithoutLosingAnEdit() throws IOException {
        // -DargLine=-DsimSeed=<n> replays the one seed a failure names
        for (long seed = Long.getLong("simSeed", 1); seed <= Long.getLong("simSeed", 300); seed++) {
            new Simulation(seed, dir.resolve("s" + seed)).run();
        }
    }

    private static final class Node implements Peers {
        final String name;
        final Path storeDir;
        final MemoryDocuments local = new MemoryDocuments(DOCS);
        final Map<String, byte[]> docs = local.docs;
        final Simulation sim;
        SyncEngine engine;
        long wallOffset;

        Node(String name, Path storeDir, Simulation sim) {
            this.name = name;
            this.storeDir = storeDir;
            this.sim = sim;
        }

        void start() throws IOException {
            HybridClock clock = new HybridClock(name, () -> sim.wall + wallOffset, 60_000);
            engine = new SyncEngine(name, clock, new DocumentStore(storeDir, false), local, this,
                () -> Instant.ofEpochMilli(sim.wall));
            engine.start();
        }

        @Override
        public String coordinator() {
            return sim.coordinatorOf(name);
        }

        @Override
        public void broadcast(byte[] payload) {
            for (Node to : sim.nodes.values()) {
                if (to != this) {
                    sim.queue(this, to, payload);
                }
            }
        }

        @Override
        public void send(String member, byte[] payload) {
            sim.queue(this, sim.nodes.get(member), payload);
        }
    }

    private static final class Simulation {
        final long seed;
        final Random random;
        final Map<String, Node> nodes = new LinkedHashMap<>();
        final Map<String, Integer> partition = new HashMap<>();
        final Map<String, ArrayDeque<byte[]>> links = new TreeMap<>();
        final EditLedger ledger = new EditLedger();
        final Set<String> down = new TreeSet<>();
        /** Edits made on a member that its engine has not been told of yet: "member doc" -> content. */
        final Map<String, byte[]> unnoticed = new TreeMap<>();
        /** Resolutions made: "doc version" -> the resolution's edit. */
        final Map<String, Edit> resolutions = new TreeMap<>();
        long wall = 1_800_000_000_000L;

        Simulation(long seed, Path dir) throws IOException {
            this.seed = seed;
            this.random = new Random(seed);
            int n = 2 + random.nextInt(3);
            for (int i = 1; i <= n; i++) {
                String name = "n" + i;
                Node node = new Node(name, dir.resolve(name), this);
                node.wallOffset = random.nextInt(400) - 200; // clocks skewed by up to 200 ms
                if (random.nextInt(3) == 0) {
                    node.docs.put(DOCS.get(random.nextInt(DOCS.size())), ("initial of " + name).getBytes());
                }
                nodes.put(name, node);
                partition.put(name, 0);
            }
        }

        String coordinatorOf(String member) {
            int p = partition.get(member);
            return nodes.keySet().stream().filter(m -> partition.get(m) == p && !down.contains(m)).findFirst()
                .orElse(member);
        }

        void queue(Node from, Node to, byte[] payload) {
            if (down.contains(to.name) || down.contains(from.name)
                || !partition.get(from.name).equals(partition.get(to.name))) {
                return; // JGroups delivers nothing across a partition or to a member that is gone
            }
            links.computeIfAbsent(from.name + ">" + to.name, k -> new ArrayDeque<>()).add(payload);
        }

        boolean deliverOne() throws IOException {
            List<String> busy = links.entrySet().stream().filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey)
                .toList();
            if (busy.isEmpty()) {
                return false;
            }
            String link = busy.get(random.nextInt(busy.size()));
            byte[] payload = links.get(link).poll();
            String[] ends = link.split(">");
            Node to = nodes.get(ends[1]);
            to.engine.received(ends[0], payload);
            takenUp(to);
            return true;
        }

        /** Unnoticed edits of {@code n} that its engine took up meanwhile, as edits of its own, go in the ledger. */
        void takenUp(Node n) {
            for (String doc : DOCS) {
                byte[] content = unnoticed.get(n.name + " " + doc);
                DocumentRecord r = n.engine.records().get(doc);
                if (content == null || r == null) {
                    continue;
                }
                for (Edit e : r.history()) {
                    if (e.version().node().equals(n.name) && !e.deleted()
                        && java.util.Arrays.equals(e.sha256(), DocumentRecord.digest(content))) {
                        ledger.made(doc, e.version(), content);
                        unnoticed.remove(n.name + " " + doc);
                        break;
                    }
                }
            }
        }

        /** The watcher's late event for an unnoticed edit: the document still holds it, unless the engine took it. */
        void notice() throws IOException {
            if (unnoticed.isEmpty()) {
                return;
            }
            List<String> keys = new ArrayList<>(unnoticed.keySet());
            String key = keys.get(random.nextInt(keys.size()));
            String[] parts = key.split(" ", 2);
            Node n = nodes.get(parts[0]);
            byte[] content = unnoticed.remove(key);
            assertThat(n.docs.get(parts[1])).as("seed %d: %s's unnoticed edit of %s is still there", seed, n.name,
                parts[1]).isEqualTo(content);
            DocumentRecord before = n.engine.records().get(parts[1]);
            n.engine.localChanged(parts[1]);
            DocumentRecord after = n.engine.records().get(parts[1]);
            if (after != null && after != before) {
                ledger.made(parts[1], after.current().version(), after.content().orElse(null));
            }
        }

        void viewChange() throws IOException {
            links.values().forEach(ArrayDeque::clear); // messages in flight across the old view may be lost
            for (Node n : nodes.values()) {
                if (!down.contains(n.name)) {
                    n.engine.sync();
                }
            }
        }

        void run() throws IOException {
            for (Node n : nodes.values()) {
                n.start();
            }
            viewChange();
            int steps = 150 + random.nextInt(150);
            for (int i = 0; i < steps; i++) {
                wall += random.nextInt(5);
                int action = random.nextInt(100);
                if (action < 55) {
                    deliverOne();
                } else if (action < 66) {
                    edit();
                } else if (action < 70) {
                    write();
                } else if (action < 72) {
                    resolve();
                } else if (action < 80) {
                    notice();
                } else if (action < 87) {
                    repartition();
                } else if (action < 92) {
                    crashOrRestart();
                } else {
                    Node n = live();
                    n.engine.sync();
                }
            }
            down.clear();
            for (Node n : nodes.values()) {
                if (n.engine == null) {
                    n.start();
                    ledger.noteOwnCurrentEdits(n.name, n.engine.records().values());
                }
            }
            while (!unnoticed.isEmpty()) {
                notice();
            }
            nodes.keySet().forEach(m -> partition.put(m, 0));
            for (int round = 0; round < 3; round++) {
                viewChange();
                for (int guard = 0; deliverOne(); guard++) {
                    assertThat(guard).as("seed %d: messages keep flowing", seed).isLessThan(100_000);
                }
            }
            check();
        }

        Node live() {
            List<Node> up = nodes.values().stream().filter(n -> !down.contains(n.name)).toList();
            return up.get(random.nextInt(up.size()));
        }

        void edit() throws IOException {
            Node n = live();
            String doc = DOCS.get(random.nextInt(DOCS.size()));
            if (random.nextInt(3) == 0) { // the watcher tells the engine later (notice), or a rescan does
                byte[] content = (n.name + " " + doc + " unnoticed " + random.nextInt(1000)).getBytes();
                n.docs.put(doc, content);
                unnoticed.put(n.name + " " + doc, content);
                return;
            }
            int kind = random.nextInt(10);
            if (kind == 0) {
                n.docs.remove(doc);
            } else if (kind == 1) {
                n.docs.put(doc, ("BAD " + random.nextInt()).getBytes());
            } else {
                n.docs.put(doc, (n.name + " " + doc + " " + random.nextInt(1000)).getBytes());
            }
            unnoticed.remove(n.name + " " + doc); // the operator wrote over it: this edit replaces it
            DocumentRecord before = n.engine.records().get(doc);
            n.engine.localChanged(doc);
            DocumentRecord after = n.engine.records().get(doc);
            if (after != null && after != before) {
                ledger.made(doc, after.current().version(), after.content().orElse(null));
            }
            if (kind == 1) {
                assertThat(after).as("seed %d: an invalid change is not recorded", seed).isSameAs(before);
                // the operator fixes it again: the document goes back to what the record holds
                if (before != null && before.content().isPresent()) {
                    n.docs.put(doc, before.content().get());
                } else {
                    n.docs.remove(doc);
                }
                n.engine.localChanged(doc);
                assertThat(n.engine.refused()).doesNotContainKey(doc);
            }
        }

        /**
         * The management API's write on a live member, based on its current version, an older one or none: done, or
         * refused with nothing changed (a stale version, with the current one; an invalid content).
         */
        void write() throws IOException {
            Node n = live();
            String doc = DOCS.get(random.nextInt(DOCS.size()));
            DocumentRecord r = n.engine.records().get(doc);
            Optional<String> expected = r == null || random.nextInt(4) == 0 ? Optional.empty()
                : Optional.of(new ArrayList<>(r.history()).get(random.nextInt(r.history().size())).version().toString());
            String content = (random.nextInt(6) == 0 ? "BAD " : n.name + " " + doc + " api ") + random.nextInt(1000);
            try {
                DocumentVersion v = n.engine.write(doc, content.getBytes(), expected);
                takenUp(n);
                ledger.made(doc, v, n.engine.records().get(doc).content().orElse(null));
                assertThat(n.docs.get(doc)).as("seed %d: the write is in force on %s", seed, n.name).isEqualTo(
                    n.engine.records().get(doc).content().orElseThrow());
            } catch (DocumentException e) {
                takenUp(n);
                DocumentRecord now = n.engine.records().get(doc);
                Optional<String> current = now == null || now.current().deleted() ? Optional.empty()
                    : Optional.of(now.current().version().toString());
                if (e.kind() == DocumentException.Kind.STALE) {
                    assertThat(e.currentVersion()).as("seed %d", seed).isEqualTo(current).isNotEqualTo(expected);
                } else {
                    assertThat(e.kind()).as("seed %d: %s", seed, e.getMessage()).isEqualTo(DocumentException.Kind.REFUSED);
                }
            }
        }

        /** An operator's resolution of a conflict on a live member, keeping its winner or one of its lost edits. */
        void resolve() throws IOException {
            Node n = live();
            List<DocumentRecord> conflicted = n.engine.records().values().stream()
                .filter(r -> !r.losers().isEmpty()).toList();
            if (conflicted.isEmpty()) {
                return;
            }
            DocumentRecord r = conflicted.get(random.nextInt(conflicted.size()));
            List<Edit> choices = new ArrayList<>(r.losers());
            choices.add(r.current());
            DocumentVersion keep = choices.get(random.nextInt(choices.size())).version();
            try {
                DocumentVersion v = n.engine.resolve(keep).version();
                DocumentRecord after = n.engine.records().get(r.id());
                ledger.made(r.id(), v, after.content().orElse(null));
                resolutions.put(r.id() + " " + v, after.current());
            } catch (DocumentException e) {
                // an unnoticed edit taken up first can end the conflict (its own side moved on): nothing to keep
                assertThat(e.kind()).as("seed %d: %s", seed, e.getMessage()).isEqualTo(DocumentException.Kind.NOT_FOUND);
            }
            takenUp(n);
        }

        void repartition() throws IOException {
            boolean split = random.nextBoolean();
            nodes.keySet().forEach(m -> partition.put(m, split ? random.nextInt(2) : 0));
            viewChange();
        }

        void crashOrRestart() throws IOException {
            List<String> crashed = new ArrayList<>(down);
            if (!crashed.isEmpty() && random.nextBoolean()) {
                Node n = nodes.get(crashed.get(random.nextInt(crashed.size())));
                if (random.nextBoolean()) { // edited while it was down
                    String doc = DOCS.get(random.nextInt(DOCS.size()));
                    n.docs.put(doc, (n.name + " offline " + random.nextInt(1000)).getBytes());
                }
                down.remove(n.name);
                n.start();
                ledger.noteOwnCurrentEdits(n.name, n.engine.records().values());
                viewChange();
            } else if (down.size() + 1 < nodes.size()) {
                Node n = live();
                // its unnoticed edits stay in its documents; its next start finds them (noteOwnCurrentEdits)
                unnoticed.keySet().removeIf(k -> k.startsWith(n.name + " "));
                n.engine = null;
                down.add(n.name);
                links.entrySet().removeIf(e -> e.getKey().contains(n.name + ">") || e.getKey().endsWith(">" + n.name));
                viewChange();
            }
        }

        void check() {
            for (Map.Entry<String, Edit> made : resolutions.entrySet()) {
                String doc = made.getKey().split(" ")[0];
                for (Node n : nodes.values()) {
                    DocumentRecord r = n.engine.records().get(doc);
                    assertThat(r.losers()).as("seed %d: %s settled every edit %s saw", seed, n.name, made.getKey())
                        .noneMatch(lost -> made.getValue().saw(lost));
                }
            }
            List<EditLedger.Replica> replicas = nodes.values().stream().map(n -> new EditLedger.Replica(n.name,
                n.engine.records(), n.docs, n.engine.stateFingerprint())).toList();
            ledger.assertConverged("seed " + seed, replicas, DOCS);
        }
    }
}
