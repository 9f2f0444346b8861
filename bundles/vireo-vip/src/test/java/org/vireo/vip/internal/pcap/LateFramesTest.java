package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class LateFramesTest {

    private final AtomicLong nanos = new AtomicLong(1_000);
    private final LateFrames late = new LateFrames(nanos::get);

    @Test
    void framesOnTimeOrFromASteppedClockAreNotReported() {
        late.received(LateFrames.LATE_MICROS - 1);
        late.received(-5_000_000); // the wall clock stepped back
        late.received(TimeUnit.MINUTES.toMicros(5)); // or forward

        assertThat(late.report("eth1")).isNull();
    }

    @Test
    void lateFramesAreReportedWithTheirCountAndTheWorstThenAtMostOnceAMinute() {
        late.received(12_500);
        late.received(54_300);
        late.received(200);

        assertThat(late.report("eth1")).startsWith("2 VRRP frames on eth1 reached Vireo 10 ms or more after the kernel")
            .contains("(the worst 54.3 ms)");
        late.received(30_000);
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(59));
        assertThat(late.report("eth1")).as("within a minute of the last report").isNull();

        nanos.addAndGet(TimeUnit.SECONDS.toNanos(1));
        assertThat(late.report("eth1")).startsWith("1 VRRP frames on eth1").contains("(the worst 30.0 ms)");
        nanos.addAndGet(TimeUnit.MINUTES.toNanos(5));
        assertThat(late.report("eth1")).as("nothing late since").isNull();
    }
}
