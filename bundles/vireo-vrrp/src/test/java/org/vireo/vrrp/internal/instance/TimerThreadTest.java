package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TimerThreadTest {

    private final TimerThread thread = new TimerThread("timer-thread-test");
    private final List<String> ran = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        thread.shutdown();
    }

    @Test
    void tasksRunInOrderOnTheSchedulerThread() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        thread.execute(() -> ran.add("first " + thread.isSchedulerThread()));
        thread.execute(() -> ran.add("second"));
        thread.execute(done::countDown);

        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).containsExactly("first true", "second");
    }

    @Test
    void aCancelledTimerDoesNotFireAndTimersFireInDeadlineOrder() throws Exception {
        CountDownLatch last = new CountDownLatch(1);
        thread.execute(() -> {
            Scheduler.Timer cancelled = thread.timer(() -> ran.add("cancelled"));
            Scheduler.Timer early = thread.timer(() -> ran.add("early"));
            Scheduler.Timer late = thread.timer(() -> {
                ran.add("late");
                last.countDown();
            });
            late.arm(60_000);
            cancelled.arm(20_000);
            early.arm(40_000);
            cancelled.cancel();
        });

        assertThat(last.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).containsExactly("early", "late");
    }

    @Test
    void reArmingMovesTheDeadlineAndFiresOnce() throws Exception {
        CountDownLatch fired = new CountDownLatch(1);
        CountDownLatch after = new CountDownLatch(1);
        thread.execute(() -> {
            Scheduler.Timer t = thread.timer(() -> {
                ran.add("fired");
                fired.countDown();
            });
            t.arm(3_600_000_000L); // an hour
            t.arm(10_000);         // moved to 10 ms
            thread.timer(after::countDown).arm(200_000);
        });

        assertThat(fired.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(after.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ran).containsExactly("fired");
    }
}
