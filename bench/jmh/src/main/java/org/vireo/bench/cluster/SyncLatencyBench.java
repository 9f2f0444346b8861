package org.vireo.bench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import org.vireo.cluster.internal.channel.ChannelSettings;
import org.vireo.cluster.internal.channel.ChannelPeers;
import org.vireo.cluster.internal.channel.ClusterTransport;
import org.vireo.cluster.internal.channel.ClusterView;
import org.vireo.cluster.internal.channel.JGroupsTransport;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.DocumentStore;
import org.vireo.cluster.internal.sync.LocalDocuments;
import org.vireo.cluster.internal.sync.SyncEngine;
import org.vireo.cluster.internal.tls.ClusterCa;
import org.vireo.cluster.internal.version.HybridClock;

/**
 * Config sync latency with N real JGroupsTransport members in one JVM (issue 7): 127.0.0.1, distinct ports, mutual
 * TLS with certificates from ClusterCa, each member a SyncEngine over in-memory documents and a DocumentStore in a
 * temporary folder (forced to disk, as a node's), every engine call on one single-thread executor per member (as
 * ClusterComponent does: transport events are handed to it, a view change runs {@code engine.sync()}).
 *
 * <p>1. latency: {@code --warmup} uncounted, then {@code --changes} changes of one document on member 0, one at a
 * time; per change the time from just before {@code engine.localChanged} on member 0's thread to the moment each
 * other member's SyncListener was told of the record carrying that content (after it was stored and applied);
 * the latency of a change is the slowest member's. 2. catch-up: the last member leaves (close), {@code --docs}
 * documents are created on member 0 (each its own change), the others get them all, the last member comes back
 * with the same DocumentStore folder and documents; the time from its restart to all of them current there.
 *
 * <p>For finding where the time goes: {@code --probes N} also times N transport-only broadcasts from m0 (received
 * in the transport listener, no engine, no executor); {@code --bundler TYPE} switches every member's JGroups bundler
 * at run time (TP.bundler, as probe.sh would; the shipped stack uses per-destination); {@code --no-force} does not
 * force the DocumentStores' writes to disk (a node always does); {@code --nodelay} sets TCP_NODELAY on the members'
 * connections (the stack left JGroups' default, off, until f9e458a: Nagle's algorithm held a small message back
 * until the previous one was acknowledged, and Linux may delay that ACK by 40 ms; the shipped stack now sets it).
 *
 * <pre>java -cp bench/jmh/target/benchmarks.jar org.vireo.bench.cluster.SyncLatencyBench [--members 8]
 *      [--changes 200] [--warmup 50] [--docs 1000] [--out DIR] [--probes N] [--bundler TYPE] [--no-force]
 *      [--nodelay]</pre>
 */
public final class SyncLatencyBench {

    private static final String DOC = "file:bench/doc.txt";
    private static final java.util.regex.Pattern CATCH_UP_DOC = java.util.regex.Pattern.compile("file:bench/d[0-9]{4,}\\.txt");
    private static final byte PROBE = 0x7f;
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Path dir;
    /** whether the members' DocumentStores force every write to disk, as a node's do ({@code --no-force}: not) */
    private static boolean force = true;
    /** {@code --nodelay}: TCP_NODELAY on the members' connections (set by the shipped stack since f9e458a) */
    private static boolean nodelay;
    private final ClusterCa ca = new ClusterCa();
    private final List<Integer> ports;
    private final Member[] members;
    /** what the current measured change writes, and who saw it when */
    private volatile Target target;

    private SyncLatencyBench(Path dir, int n) throws IOException {
        this.dir = dir;
        this.ports = freePorts(n);
        this.members = new Member[n];
        ca.initCa(dir.resolve("ca"), "bench", Duration.ofDays(1), false);
    }

    private record Target(byte[] content, long t0, long[] at, CountDownLatch latch) {
    }

    /** In-memory documents: everything under file:bench/ is replicated. Kept across a member's restart. */
    static final class MemoryDocuments implements LocalDocuments {
        final Map<String, byte[]> docs = new ConcurrentHashMap<>();

        @Override
        public boolean replicated(String id) {
            return id.startsWith("file:bench/");
        }

        @Override
        public Set<String> present() {
            return Set.copyOf(docs.keySet());
        }

        @Override
        public Optional<byte[]> read(String id) {
            return Optional.ofNullable(docs.get(id)).map(byte[]::clone);
        }

        @Override
        public void write(String id, byte[] content) {
            docs.put(id, content.clone());
        }

        @Override
        public void delete(String id) {
            docs.remove(id);
        }
    }

    final class Member implements ClusterTransport.Listener {
        final int index;
        final String name;
        final MemoryDocuments docs;
        final DocumentStore store;
        final Set<String> catchUpDocs = ConcurrentHashMap.newKeySet();
        volatile CountDownLatch catchUpDone;
        volatile ClusterView view;
        volatile long fullViewAt;
        ExecutorService thread;
        JGroupsTransport transport;
        SyncEngine engine;

        Member(int index, MemoryDocuments docs) throws IOException {
            this.index = index;
            this.name = "m" + index;
            this.docs = docs;
            this.store = new DocumentStore(dir.resolve("store-" + name), force);
        }

        void start(ChannelSettings settings) throws Exception {
            thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "sync-" + name);
                t.setDaemon(true);
                return t;
            });
            transport = new JGroupsTransport(name, settings, this);
            if (nodelay) { // before the channel connects: every connection it opens gets TCP_NODELAY
                ((org.jgroups.protocols.TCP) stackOf(transport).getTransport()).tcpNodelay(true);
            }
            engine = new SyncEngine(name, new HybridClock(name, System::currentTimeMillis, 60_000), store, docs,
                new ChannelPeers(transport), Instant::now);
            engine.addListener(this::changed);
            // as ClusterComponent: load the records, then join
            thread.submit(() -> {
                engine.start();
                transport.start();
                return null;
            }).get();
        }

        void close() throws InterruptedException {
            transport.close();
            thread.shutdown();
            thread.awaitTermination(10, TimeUnit.SECONDS);
        }

        private void changed(DocumentRecord r, boolean local) {
            long now = System.nanoTime();
            if (local) {
                return;
            }
            Target t = target;
            if (t != null && r.id().equals(DOC) && r.content().map(c -> Arrays.equals(c, t.content)).orElse(false)
                && t.at[index] == 0) {
                t.at[index] = now;
                t.latch.countDown();
            }
            CountDownLatch done = catchUpDone;
            if (CATCH_UP_DOC.matcher(r.id()).matches() && r.content().isPresent() && catchUpDocs.add(r.id())
                && done != null) {
                done.countDown();
            }
        }

        void run(String what, IoTask task) {
            thread.execute(() -> {
                try {
                    task.run();
                } catch (Exception e) {
                    System.err.println(name + ": " + what + " failed: " + e);
                }
            });
        }

        // ClusterTransport.Listener: hand everything to the member's thread

        @Override
        public void received(String from, byte[] payload) {
            if (payload.length > 0 && payload[0] == org.vireo.cluster.internal.sync.SyncMessages.STATUS) {
                return;
            }
            if (payload.length > 0 && payload[0] == PROBE) { // transport only: timed here, not handed to the engine
                Target t = target;
                if (t != null && Arrays.equals(payload, t.content) && t.at[index] == 0) {
                    t.at[index] = System.nanoTime();
                    t.latch.countDown();
                }
                return;
            }
            run("a message from " + from, () -> engine.received(from, payload));
        }

        @Override
        public void viewChanged(ClusterView v) {
            view = v;
            if (v.members().size() == members.length && fullViewAt == 0) {
                fullViewAt = System.nanoTime();
            }
            run("the new view", () -> engine.sync());
        }

        @Override
        public void refused(String peer, String reason) {
            System.err.println(name + ": TLS refused " + peer + ": " + reason);
        }
    }

    interface IoTask {
        void run() throws Exception;
    }

    private ChannelSettings settings(int i) {
        String name = "m" + i;
        Path file = dir.resolve(name + ".p12");
        if (!Files.exists(file)) {
            ca.issue(dir.resolve("ca"), name, List.of("127.0.0.1"), List.of(), Duration.ofHours(2), file,
                "pw".toCharArray());
        }
        Map<String, Object> raw = new HashMap<>();
        raw.put("clusterName", "bench");
        raw.put("bindAddress", "127.0.0.1");
        raw.put("bindPort", String.valueOf(ports.get(i)));
        raw.put("members", ports.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(",")));
        raw.put("keystore", file.toString());
        raw.put("keystorePassword", "pw");
        raw.put("joinTimeoutMillis", "1000"); // shorter than a node's 3 s only so that the 8 form a view sooner
        return ChannelSettings.parse(raw, null);
    }

    private static List<Integer> freePorts(int n) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    private static void await(String what, java.util.function.BooleanSupplier cond) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private boolean allInOneView(int n) {
        for (Member m : members) {
            ClusterView v = m.view;
            if (v == null || v.members().size() != n) {
                return false;
            }
        }
        return true;
    }

    /** One change on member 0; the per-member arrival times in ns after t0 (index 0: the local commit). */
    private long[] change(int seq) throws Exception {
        byte[] content = ("change " + seq + " " + System.nanoTime() + "\n").getBytes(StandardCharsets.UTF_8);
        Member origin = members[0];
        Target t = new Target(content, 0, new long[members.length], new CountDownLatch(members.length - 1));
        long[] t0 = new long[2];
        CompletableFuture<Void> done = new CompletableFuture<>();
        origin.thread.execute(() -> {
            try {
                origin.docs.docs.put(DOC, content);
                t0[0] = System.nanoTime();
                target = new Target(content, t0[0], t.at, t.latch);
                origin.engine.localChanged(DOC);
                t0[1] = System.nanoTime();
                done.complete(null);
            } catch (Exception e) {
                done.completeExceptionally(e);
            }
        });
        done.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        if (!t.latch.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException("change " + seq + " did not reach every member within " + WAIT);
        }
        long[] out = new long[members.length + 1];
        out[0] = t0[1] - t0[0];
        for (int i = 1; i < members.length; i++) {
            out[i] = t.at[i] - t0[0];
        }
        out[members.length] = Arrays.stream(out, 1, members.length).max().orElse(0);
        return out;
    }

    /** A transport-level broadcast from m0 (no engine, no executor): ns until each other member received it. */
    private long probe(int seq) throws Exception {
        byte[] payload = ("?probe " + seq + " " + System.nanoTime()).getBytes(StandardCharsets.UTF_8);
        payload[0] = PROBE;
        Target t = new Target(payload, 0, new long[members.length], new CountDownLatch(members.length - 1));
        target = t;
        long t0 = System.nanoTime();
        members[0].transport.broadcast(payload);
        if (!t.latch.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException("probe " + seq + " did not reach every member");
        }
        return Arrays.stream(t.at, 1, members.length).max().orElse(0) - t0;
    }

    /** Switches every member's JGroups bundler at run time (what probe's TP.bundler operation does). */
    private void bundler(String type) throws Exception {
        for (Member m : members) {
            stackOf(m.transport).getTransport().bundler(type);
        }
    }

    /** The transport's JGroups stack (package-private in JGroupsTransport: the bench reads it reflectively). */
    static org.jgroups.stack.ProtocolStack stackOf(JGroupsTransport t) throws Exception {
        java.lang.reflect.Method stack = JGroupsTransport.class.getDeclaredMethod("protocolStack");
        stack.setAccessible(true);
        return (org.jgroups.stack.ProtocolStack) stack.invoke(t);
    }

    static double pct(long[] sortedNs, double p) {
        int rank = (int) Math.ceil(p / 100.0 * sortedNs.length);
        return sortedNs[Math.max(0, Math.min(sortedNs.length - 1, rank - 1))] / 1e6;
    }

    private static String row(String what, long[] ns) {
        long[] s = ns.clone();
        Arrays.sort(s);
        return String.format(java.util.Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f |", what, s.length,
            pct(s, 50), pct(s, 90), pct(s, 99), s[s.length - 1] / 1e6, Arrays.stream(s).average().orElse(0) / 1e6);
    }

    public static void main(String[] args) throws Exception {
        int n = 8;
        int changes = 200;
        int warmup = 50;
        int docs = 1000;
        Path out = null;
        int probes = 0;
        String bundler = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--members" -> n = Integer.parseInt(args[++i]);
                case "--changes" -> changes = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--docs" -> docs = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--probes" -> probes = Integer.parseInt(args[++i]);
                case "--no-force" -> force = false;
                case "--nodelay" -> nodelay = true;
                case "--bundler" -> bundler = args[++i];
                default -> {
                    System.err.println("usage: SyncLatencyBench [--members N] [--changes N] [--warmup N] [--docs N]"
                        + " [--out DIR] [--probes N] [--bundler TYPE] [--no-force] [--nodelay]");
                    System.exit(2);
                }
            }
        }
        if (n < 2 || changes < 1 || warmup < 0 || docs < 1) {
            throw new IllegalArgumentException("expected --members >= 2, --changes >= 1, --warmup >= 0, --docs >= 1");
        }
        Path tmp = Files.createTempDirectory("sync-latency-bench");
        SyncLatencyBench bench = new SyncLatencyBench(tmp, n);
        try {
            bench.run(changes, warmup, docs, out, probes, bundler);
        } finally {
            bench.closeAll();
            deleteTree(tmp);
        }
        System.exit(0);
    }

    private void closeAll() {
        CompletableFuture.allOf(Arrays.stream(members).filter(m -> m != null && m.transport != null)
            .map(m -> CompletableFuture.runAsync(() -> {
                try {
                    m.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            })).toArray(CompletableFuture[]::new)).orTimeout(30, TimeUnit.SECONDS).exceptionally(e -> null).join();
    }

    private static void deleteTree(Path p) throws IOException {
        try (var files = Files.walk(p)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    private void run(int changes, int warmup, int docs, Path out, int probes, String bundlerType) throws Exception {
        int n = members.length;
        PrintStream o = System.out;
        long begin = System.nanoTime();
        // m0 first, alone, so that it coordinates (as n1 in the lab); then the others
        members[0] = new Member(0, new MemoryDocuments());
        members[0].start(settings(0));
        await("m0 to join", () -> members[0].view != null);
        for (int i = 1; i < n; i++) { // one at a time, each joining m0's view
            members[i] = new Member(i, new MemoryDocuments());
            members[i].start(settings(i));
            Member m = members[i];
            int size = i + 1;
            await(m.name + " to join", () -> m.view != null && m.view.members().size() == size);
        }
        await("one view of " + n + " members", () -> allInOneView(n));
        o.printf("# %d members in one view after %d ms (coordinator %s)%n", n, (System.nanoTime() - begin) / 1_000_000,
            members[0].view.coordinator());
        Thread.sleep(1000); // let the views' anti-entropy rounds settle
        if (bundlerType != null) {
            bundler(bundlerType);
            o.printf("# bundler switched to %s on every member%n", bundlerType);
        }
        String probeRow = "";
        if (probes > 0) {
            for (int i = 0; i < Math.min(50, probes); i++) {
                probe(-1 - i);
            }
            long[] p = new long[probes];
            for (int i = 0; i < probes; i++) {
                p[i] = probe(i);
            }
            probeRow = row("transport only: broadcast from m0 → received by all " + (n - 1), p) + "\n";
        }

        for (int i = 0; i < warmup; i++) {
            change(-1 - i);
        }
        List<long[]> rows = new ArrayList<>();
        for (int i = 0; i < changes; i++) {
            rows.add(change(i));
        }
        StringBuilder tsv = new StringBuilder("seq\tlocal_commit_ms");
        for (int i = 1; i < n; i++) {
            tsv.append("\tm").append(i).append("_ms");
        }
        tsv.append("\tall_ms\n");
        for (int i = 0; i < rows.size(); i++) {
            tsv.append(i + 1);
            for (long v : rows.get(i)) {
                tsv.append('\t').append(String.format(java.util.Locale.ROOT, "%.3f", v / 1e6));
            }
            tsv.append('\n');
        }
        long[] all = rows.stream().mapToLong(r -> r[n]).toArray();
        long[] commit = rows.stream().mapToLong(r -> r[0]).toArray();
        long[] perMember = rows.stream().flatMapToLong(r -> Arrays.stream(r, 1, n)).toArray();

        // catch-up
        Member last = members[n - 1];
        last.close();
        long leftAt = System.nanoTime();
        await("the others to see " + (n - 1) + " members", () -> {
            for (int i = 0; i < n - 1; i++) {
                if (members[i].view.members().size() != n - 1) {
                    return false;
                }
            }
            return true;
        });
        o.printf("# m%d left; view of %d after %d ms%n", n - 1, n - 1, (System.nanoTime() - leftAt) / 1_000_000);
        for (int i = 0; i < n - 1; i++) {
            members[i].catchUpDone = new CountDownLatch(docs);
        }
        long made = System.nanoTime();
        Member origin = members[0];
        for (int d = 1; d <= docs; d++) {
            String id = String.format("file:bench/d%04d.txt", d);
            byte[] content = ("document " + d + " " + System.nanoTime() + "\n").getBytes(StandardCharsets.UTF_8);
            origin.run("creating " + id, () -> {
                origin.docs.docs.put(id, content);
                origin.engine.localChanged(id);
            });
        }
        for (int i = 1; i < n - 1; i++) {
            if (!members[i].catchUpDone.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException(members[i].name + " did not get the " + docs + " documents");
            }
        }
        long othersHave = System.nanoTime() - made;
        o.printf("# %d documents created on m0 and applied on the %d others in %d ms%n", docs, n - 2,
            othersHave / 1_000_000);

        Member back = new Member(n - 1, last.docs);
        members[n - 1] = back;
        back.catchUpDone = new CountDownLatch(docs);
        long restart = System.nanoTime();
        back.start(settings(n - 1));
        if (!back.catchUpDone.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException(back.name + " did not catch up on " + docs + " documents");
        }
        long caughtUp = System.nanoTime();
        // all current: its documents hold what member 0 holds
        long[] current = new long[1];
        back.thread.submit(() -> {
            for (var e : origin.docs.docs.entrySet()) {
                if (CATCH_UP_DOC.matcher(e.getKey()).matches() && Arrays.equals(e.getValue(), back.docs.docs.get(e.getKey()))) {
                    current[0]++;
                }
            }
            return null;
        }).get();
        double restartToView = back.fullViewAt == 0 ? -1 : (back.fullViewAt - restart) / 1e6;
        double restartToAll = (caughtUp - restart) / 1e6;
        double viewToAll = back.fullViewAt == 0 ? -1 : (caughtUp - back.fullViewAt) / 1e6;

        String summary = String.format(java.util.Locale.ROOT, """
            ## In-JVM: %d members, 127.0.0.1, mutual TLS (JGroups %s, bundler %s%s), %d changes after %d warm-up

            | what (ms) | n | p50 | p90 | p99 | max | mean |
            |---|---:|---:|---:|---:|---:|---:|
            %s
            %s
            %s
            %s
            Catch-up of m%d after %d documents were created while it was away (the other %d had them after %.0f ms):

            | what | ms |
            |---|---:|
            | restart (transport + engine created) → %d-member view | %.0f |
            | restart → all %d documents current | %.0f |
            | %d-member view → all current | %.0f |

            (%d of %d documents equal to m0's at the end)
            """, n, org.jgroups.Version.printVersion(), bundlerType == null ? "per-destination, as shipped" : bundlerType,
            (force ? "" : ", records NOT forced to disk") + (nodelay ? ", TCP_NODELAY" : ""), changes, warmup,
            row("change on m0 → applied on all " + (n - 1) + " others", all),
            row("change → applied, each member", perMember),
            row("m0: localChanged (store + send)", commit), probeRow,
            n - 1, docs, n - 2, othersHave / 1e6, n, restartToView, docs, restartToAll, n, viewToAll, current[0],
            docs);
        o.println(summary);
        if (out != null) {
            Files.createDirectories(out);
            Files.writeString(out.resolve("jvm-changes.tsv"), tsv);
            Files.writeString(out.resolve("jvm-catchup.tsv"), String.format(java.util.Locale.ROOT,
                "members\tdocs\tothers_have_all_ms\trestart_to_view_ms\trestart_to_all_ms\tview_to_all_ms\tcurrent%n"
                + "%d\t%d\t%.1f\t%.1f\t%.1f\t%.1f\t%d%n", n, docs, othersHave / 1e6, restartToView, restartToAll,
                viewToAll, current[0]));
            Files.writeString(out.resolve("jvm-summary.md"), summary);
        }
    }
}
