package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;

class DropCountersTest {

    @Test
    void startsAtZeroForEveryReasonAndForAccepted() {
        DropCounters counters = new DropCounters();

        assertThat(counters.snapshot()).containsOnlyKeys(DropReason.values())
                .allSatisfy((reason, count) -> assertThat(count).isZero());
        assertThat(counters.accepted()).isZero();
        assertThat(counters.received()).isZero();
    }

    @Test
    void countsEachReasonSeparately() {
        // given
        DropCounters counters = new DropCounters();

        // when
        counters.record(DropReason.CHECKSUM);
        counters.record(DropReason.CHECKSUM);
        counters.record(DropReason.TTL_NOT_255);

        // then
        assertThat(counters.count(DropReason.CHECKSUM)).isEqualTo(2);
        assertThat(counters.count(DropReason.TTL_NOT_255)).isEqualTo(1);
        assertThat(counters.count(DropReason.TRUNCATED)).isZero();
    }

    @Test
    void countsReceiveResultsAsAcceptedOrUnderTheirReason() {
        // given
        DropCounters counters = new DropCounters();
        VrrpAdvert advert = Fixtures.labAdvert();

        // when
        counters.record(new ReceiveResult.Accepted(advert, false));
        counters.record(new ReceiveResult.Accepted(advert, true));
        counters.record(new ReceiveResult.Dropped(DropReason.VRID_NOT_CONFIGURED));

        // then
        assertThat(counters.accepted()).isEqualTo(2);
        assertThat(counters.count(DropReason.VRID_NOT_CONFIGURED)).isEqualTo(1);
        assertThat(counters.received()).isEqualTo(3);
    }

    @Test
    void receivedIsAcceptedPlusEveryDrop() {
        DropCounters counters = new DropCounters();
        for (DropReason reason : DropReason.values()) {
            counters.record(reason);
        }
        counters.recordAccepted();

        assertThat(counters.received()).isEqualTo(DropReason.values().length + 1L);
    }

    @Test
    void snapshotIsAnImmutableCopyInCheckOrder() {
        // given
        DropCounters counters = new DropCounters();
        counters.record(DropReason.ADDRESS_LIST_MISMATCH);

        // when
        Map<DropReason, Long> snapshot = counters.snapshot();
        counters.record(DropReason.ADDRESS_LIST_MISMATCH);

        // then
        assertThat(snapshot).containsEntry(DropReason.ADDRESS_LIST_MISMATCH, 1L);
        assertThat(snapshot.keySet()).containsExactly(DropReason.values());
        assertThatThrownBy(() -> snapshot.put(DropReason.CHECKSUM, 5L))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void concurrentUpdatesAreNotLost() throws InterruptedException {
        // given
        DropCounters counters = new DropCounters();
        int threads = 4;
        int perThread = 20_000;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                awaitQuietly(start);
                for (int i = 0; i < perThread; i++) {
                    counters.record(DropReason.CHECKSUM);
                    counters.recordAccepted();
                }
            });
            worker.start();
            workers.add(worker);
        }

        // when
        start.countDown();
        for (Thread worker : workers) {
            worker.join();
        }

        // then
        assertThat(counters.count(DropReason.CHECKSUM)).isEqualTo((long) threads * perThread);
        assertThat(counters.accepted()).isEqualTo((long) threads * perThread);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
