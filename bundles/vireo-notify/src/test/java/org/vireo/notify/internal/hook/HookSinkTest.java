package org.vireo.notify.internal.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.service.event.Event;
import org.vireo.events.EventLog;
import org.vireo.events.internal.EventLogComponent;
import org.vireo.notify.internal.LogSink;

/** Hooks on the node's real event log, fed as EventAdmin feeds it, running real scripts. */
@Timeout(120)
class HookSinkTest {

    @TempDir
    Path dir;

    private final EventLogComponent log = new EventLogComponent();
    private LogSink sink;

    @BeforeEach
    void startLog() {
        log.activate(Map.of("history", 2000)); // the burst and the test event, all still held when the test reads them
    }

    @AfterEach
    void stop() {
        if (sink != null) {
            sink.stop();
        }
        log.deactivate();
    }

    private LogSink hook(Path script, String events, int timeoutSeconds) {
        sink = sink(HookOptions.parse(Map.of("name", "h", "command", script.toString(), "events", events,
            "timeoutSeconds", String.valueOf(timeoutSeconds))));
        sink.start(EventLog.LIVE);
        return sink;
    }

    /** A hook as its component makes it, not started. */
    private LogSink sink(HookOptions options) {
        return new LogSink("hook", options.name(), options.events(), new HookSender(options, new HookRunner()), log,
            () -> "n1", fields -> log.handleEvent(new Event(LogSink.TEST_TOPIC, fields)));
    }

    private void post(String topic, Map<String, Object> fields) {
        log.handleEvent(new Event(topic, fields));
    }

    /** A file a script makes, which tells this JVM nothing: looked for every 10 ms, for at most 30 s. */
    static void awaitFile(Path file) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(file)) {
            assertThat(System.nanoTime()).as("no " + file + " within 30 s").isLessThan(end);
            Thread.sleep(10);
        }
    }

    /** Waits until the hook has reached the log's last event and is not running one. */
    private void drained() throws Exception {
        String done = sink.test().get(100, TimeUnit.SECONDS);
        assertThat(done).startsWith("exit 0");
    }

    @Test
    void aBurstOf1000EventsRunsTheHookInTheLogsOrder_oneAtATime() throws Exception {
        Path record = dir.resolve("record");
        Path busy = dir.resolve("busy");
        // mkdir is atomic: a second run at once would fail it and record the overlap
        Path script = HookRunnerTest.script(dir, "record.sh", "mkdir " + busy + " || echo OVERLAP >> " + record
            + "\necho \"$VIREO_EVENT_SEQ $4\" >> " + record + "\nrmdir " + busy);
        hook(script, "vrrp.transition", 10);

        // from several threads, as EventAdmin delivers: the log's number is the order
        Thread[] posters = new Thread[4];
        for (int t = 0; t < posters.length; t++) {
            int from = t;
            posters[t] = new Thread(() -> {
                for (int i = from; i < 1000; i += 4) {
                    Map<String, Object> fields = new HashMap<>(Map.of("instance", "vip1", "to", "MASTER",
                        "priority", (long) i));
                    post("org/vireo/vrrp/TRANSITION", fields);
                }
            });
            posters[t].start();
        }
        for (Thread t : posters) {
            t.join();
        }
        drained();

        List<String> lines = Files.readAllLines(record);
        assertThat(lines).doesNotContain("OVERLAP").hasSize(1001); // and the test event
        List<Long> seqs = lines.stream().map(l -> Long.parseLong(l.split(" ")[0])).toList();
        assertThat(seqs.subList(0, 1000)).isEqualTo(LongStream.rangeClosed(1, 1000).boxed().toList());
        assertThat(log.read(0, 1000)).extracting(e -> e.seq() + " " + e.fields().get("priority"))
            .isEqualTo(lines.subList(0, 1000));
        assertThat(sink.status().sent()).isEqualTo(1001);
        assertThat(sink.status().failed()).isZero();
        assertThat(sink.status().lost()).isZero();
    }

    @Test
    void aHookTheLogDropsForFallingBehindGoesOnFromItsLastEvent_andCountsWhatTheLogNoLongerHeld() throws Exception {
        log.deactivate();
        log.activate(Map.of("history", 20, "backlog", 10));
        Path record = dir.resolve("record");
        Path gate = dir.resolve("gate");
        // the first run waits for the gate: the events pile up behind it
        Path started = dir.resolve("started");
        Path script = HookRunnerTest.script(dir, "slow.sh", "touch " + started + "\n"
            + "while [ ! -e " + gate + " ]; do sleep 0.01; done\necho \"$VIREO_EVENT_SEQ\" >> " + record);
        hook(script, "vrrp.transition", 60);

        post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "MASTER", "priority", 1L));
        awaitFile(started); // the run for event 1 is under way: the rest pile up behind it
        for (long i = 2; i <= 50; i++) {
            post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "MASTER", "priority", i));
        }
        Files.createFile(gate);
        drained();

        List<Long> ran = Files.readAllLines(record).stream().map(Long::parseLong).toList();
        // 1 ran while the log dropped the hook; it took up again after 1, from what the log still held then (its
        // last 20: 31-50, or 32-51 if the test event was posted first), up to the test event (51)
        assertThat(ran.get(0)).isEqualTo(1L);
        long resumed = ran.get(1);
        assertThat(resumed).isBetween(31L, 32L);
        assertThat(ran.subList(1, ran.size())).isEqualTo(LongStream.rangeClosed(resumed, 51).boxed().toList());
        assertThat(sink.status().lost()).isEqualTo(51 - ran.size()).isEqualTo(resumed - 2);
    }

    @Test
    void aHookConfiguredAnewGoesOnFromWhereItStopped_afterItsRunUnderWay() throws Exception {
        Path record = dir.resolve("record");
        Path gate = dir.resolve("gate");
        Path started = dir.resolve("started");
        Path old = HookRunnerTest.script(dir, "old.sh", "touch " + started + "\n"
            + "while [ ! -e " + gate + " ]; do sleep 0.01; done\necho \"old $VIREO_EVENT_SEQ\" >> " + record);
        Path next = HookRunnerTest.script(dir, "new.sh", "echo \"new $VIREO_EVENT_SEQ\" >> " + record);
        LogSink first = hook(old, "vrrp.transition", 60);
        post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "MASTER", "priority", 1L));
        awaitFile(started); // the old configuration's run for event 1 is under way

        LogSink second = sink(HookOptions.parse(Map.of("name", "h", "command", next.toString())));
        first.stop().thenAccept(second::start);
        sink = second;
        post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "BACKUP", "priority", 2L));
        post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "MASTER", "priority", 3L));
        Files.createFile(gate);
        drained();

        assertThat(Files.readAllLines(record)).containsExactly("old 1", "new 2", "new 3", "new 4");
    }

    @Test
    void aHangingRunIsKilledAtTheTimeout_andTheNextEventsStillRun() throws Exception {
        Path record = dir.resolve("record");
        Path script = HookRunnerTest.script(dir, "hang-once.sh", "echo \"$VIREO_EVENT_SEQ\" >> " + record
            + "\n[ \"$VIREO_TO\" = HANG ] && exec sleep 600\nexit 0");
        hook(script, "vrrp.*", 1);

        post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "HANG", "priority", 100L));
        post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "MASTER", "priority", 100L));
        post("org/vireo/vrrp/PRIORITY", Map.of("instance", "a", "from", 100L, "to", 90L));
        drained();

        assertThat(Files.readAllLines(record)).containsExactly("1", "2", "3", "4");
        assertThat(sink.status().failed()).isEqualTo(1);
        assertThat(sink.status().sent()).isEqualTo(3);
        assertThat(sink.status().lastError()).startsWith("timed out after ");
    }

    @Test
    void eventsItDoesNotTakeAreSkipped_butATestForItRuns() throws Exception {
        Path record = dir.resolve("record");
        Path script = HookRunnerTest.script(dir, "types.sh", "echo \"$1 $2 $VIREO_EVENT_TYPE\" >> " + record);
        hook(script, "health.monitor", 10);

        post("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "MASTER", "priority", 100L));
        post("org/vireo/health/MONITOR", Map.of("monitor", "web", "to", "DOWN"));
        drained();

        assertThat(Files.readAllLines(record)).containsExactly("EVENT health.monitor health.monitor",
            "EVENT notify.test notify.test");
    }
}
