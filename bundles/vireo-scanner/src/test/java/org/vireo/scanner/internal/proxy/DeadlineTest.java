package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

/** The deadline against a virtual clock and a scheduler that runs checks when the test moves time on. */
class DeadlineTest {

    private long now = 1_000;
    private final List<Scheduled> queue = new ArrayList<>();
    private int scheduled;
    private int expired;
    private final Deadline deadline = new Deadline(this::schedule, () -> now, 10, () -> expired++);

    private record Scheduled(long at, Runnable check, CompletableFuture<Void> future) {
    }

    private Future<?> schedule(Runnable check, long delay) {
        scheduled++;
        Scheduled s = new Scheduled(now + delay, check, new CompletableFuture<>());
        queue.add(s);
        return s.future;
    }

    /** Moves the clock to {@code to}, running every check that falls due on the way, in time order. */
    private void advanceTo(long to) {
        while (true) {
            Scheduled next = queue.stream().filter(s -> !s.future.isCancelled() && s.at <= to)
                .min((a, b) -> Long.compare(a.at, b.at)).orElse(null);
            if (next == null) {
                break;
            }
            queue.remove(next);
            now = next.at;
            next.check.run();
        }
        now = to;
    }

    @Test
    void expiresOnceWhenNotDisarmedInTime() {
        deadline.arm();
        advanceTo(1_009);
        assertThat(expired).isZero();
        advanceTo(1_100);
        assertThat(expired).isEqualTo(1);
    }

    @Test
    void aDisarmedDeadlineNeverExpires() {
        deadline.arm();
        advanceTo(1_005);
        deadline.disarm();
        advanceTo(2_000);
        assertThat(expired).isZero();
    }

    @Test
    void aReArmedDeadlineCountsFromItsNewStartNotFromThePendingCheck() {
        deadline.arm(); // check due at 1010
        advanceTo(1_005);
        deadline.disarm();
        advanceTo(1_006);
        deadline.arm(); // expires at 1016
        advanceTo(1_015);
        assertThat(expired).isZero();
        advanceTo(1_016);
        assertThat(expired).isEqualTo(1);
    }

    @Test
    void manyRequestsShareOneScheduledCheck() {
        Deadline longer = new Deadline(this::schedule, () -> now, 100, () -> expired++);
        for (int i = 0; i < 1_000; i++) {
            longer.arm();
            advanceTo(now + 1);
            longer.disarm();
        }
        // 1000 armings over 1000 ns with a 100 ns timeout: about one check per timeout, not one per arming
        assertThat(scheduled).isLessThanOrEqualTo(20);
        assertThat(expired).isZero();
    }

    @Test
    void closingCancelsThePendingCheck() {
        deadline.arm();
        deadline.close();
        assertThat(queue).singleElement().satisfies(s -> assertThat(s.future.isCancelled()).isTrue());
        advanceTo(2_000);
        assertThat(expired).isZero();
    }
}
