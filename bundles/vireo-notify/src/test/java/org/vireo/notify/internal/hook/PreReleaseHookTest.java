package org.vireo.notify.internal.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.service.event.Event;
import org.osgi.service.event.EventAdmin;
import org.vireo.events.internal.EventLogComponent;
import org.vireo.node.NodeIdentity;
import org.vireo.node.ReleaseGate;
import org.vireo.node.Role;

/** A hook component as SCR activates it, on the node's real event log, asked before a release: real scripts. */
@Timeout(120)
class PreReleaseHookTest {

    private static final ReleaseGate.Release RELEASE = new ReleaseGate.Release("vi_1", 51, "eth1", 150,
        List.of("10.0.0.51", "10.0.0.52"), "stopping: the node shuts down");

    @TempDir
    Path dir;

    private final EventLogComponent log = new EventLogComponent();
    private Hook hook;

    /** The component with its references set, as SCR sets them. */
    private static final class Hook extends HookComponent {

        Hook(EventLogComponent events) {
            log = events;
            identity = new Identity();
            eventAdmin = new EventAdmin() {
                @Override
                public void postEvent(Event event) {
                    events.handleEvent(event);
                }

                @Override
                public void sendEvent(Event event) {
                    events.handleEvent(event);
                }
            };
        }

        void start(Map<String, Object> properties) {
            activate(properties);
        }

        void stop() {
            deactivate();
        }
    }

    private static final class Identity implements NodeIdentity {
        @Override
        public String name() {
            return "n1";
        }

        @Override
        public Optional<String> managementAddress() {
            return Optional.empty();
        }

        @Override
        public String interfaceName() {
            return "eth1";
        }

        @Override
        public Role role() {
            return Role.DIRECTOR;
        }

        @Override
        public boolean alsoScan() {
            return false;
        }

        @Override
        public Optional<String> configurationProblem() {
            return Optional.empty();
        }

        @Override
        public Duration uptime() {
            return Duration.ofMinutes(1);
        }
    }

    @BeforeEach
    void startLog() {
        log.activate(Map.of());
    }

    @AfterEach
    void stop() {
        if (hook != null) {
            hook.stop();
        }
        log.deactivate();
    }

    private Hook hook(Path script, String events, int holdSeconds, int timeoutSeconds) {
        hook = new Hook(log);
        hook.start(Map.of("name", "drain", "command", script.toString(), "events", events,
            "holdReleaseSeconds", String.valueOf(holdSeconds), "timeoutSeconds", String.valueOf(timeoutSeconds)));
        return hook;
    }

    @Test
    void thePreReleaseRunHoldsTheReleaseUntilItEnds_withKeepalivedsArgumentsAndTheReleaseAsItsEvent() throws Exception {
        Path record = dir.resolve("record");
        Path script = HookRunnerTest.script(dir, "drain.sh", "sleep 0.5\necho \"$@|$VIREO_EVENT_TYPE|$VIREO_CAUSE"
            + "|$VIREO_ADDRESSES\" > " + record + ".tmp && mv " + record + ".tmp " + record);
        hook(script, "", 10, 10);

        CompletableFuture<?> release = hook.beforeRelease(RELEASE).toCompletableFuture();

        release.get(30, TimeUnit.SECONDS);
        assertThat(record).exists(); // written by the run's last command: the stage ended after the run
        assertThat(Files.readString(record).strip()).isEqualTo("INSTANCE vi_1 PRE_RELEASE 150|vrrp.pre_release"
            + "|stopping: the node shuts down|10.0.0.51,10.0.0.52");
    }

    @Test
    void aPreReleaseRunLongerThanItsHoldLetsTheReleaseGoOnAtTheHold() throws Exception {
        Path started = dir.resolve("started");
        Path script = HookRunnerTest.script(dir, "stuck.sh", "touch " + started + "\nsleep 4"); // ends by itself, after the test
        hook(script, "", 1, 120);
        long start = System.nanoTime();

        Object ended = hook.beforeRelease(RELEASE).toCompletableFuture().get(30, TimeUnit.SECONDS);

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(ended).as("ended by the hold, not by the run's exit 0").isEqualTo(false);
        assertThat(started).exists();
    }

    @Test
    void anOrdinaryHookHoldsNothing_andIsNotRunBeforeARelease() throws Exception {
        Path ran = dir.resolve("ran");
        Path script = HookRunnerTest.script(dir, "plain.sh", "touch " + ran);
        hook(script, "vrrp.transition", 0, 10);

        assertThat(hook.beforeRelease(RELEASE).toCompletableFuture()).isCompleted();
        assertThat(hook.test().get(30, TimeUnit.SECONDS)).startsWith("exit 0"); // a run of its own, to its end
        Files.delete(ran);
        assertThat(hook.beforeRelease(RELEASE).toCompletableFuture()).isCompleted();
        assertThat(ran).doesNotExist();
    }

    @Test
    void aPreReleaseRunWaitsForTheHooksEventRunUnderWay_oneRunAtATime() throws Exception {
        Path record = dir.resolve("record");
        Path started = dir.resolve("started");
        Path gate = dir.resolve("gate");
        // an event run waits for the gate; the pre-release run records itself at once
        Path script = HookRunnerTest.script(dir, "both.sh", "if [ \"$3\" = PRE_RELEASE ]; then echo pre-release >> "
            + record + "; exit 0; fi\ntouch " + started + "\nwhile [ ! -e " + gate + " ]; do sleep 0.01; done\n"
            + "echo event >> " + record);
        hook(script, "vrrp.transition", 10, 30);
        log.handleEvent(new Event("org/vireo/vrrp/TRANSITION", Map.of("instance", "vi_1", "to", "BACKUP",
            "priority", 150L)));
        HookSinkTest.awaitFile(started);

        CompletableFuture<?> release = hook.beforeRelease(RELEASE).toCompletableFuture();
        Files.createFile(gate);
        release.get(30, TimeUnit.SECONDS);

        assertThat(Files.readAllLines(record)).containsExactly("event", "pre-release");
    }
}
