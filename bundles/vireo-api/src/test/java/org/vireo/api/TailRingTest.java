package org.vireo.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class TailRingTest {

    record Line(long seq, String text) implements TailRing.Numbered {
    }

    private final TailRing<Line> ring = new TailRing<>(3);

    private void add(String text) {
        ring.put(new Line(ring.claim(), text));
    }

    @Test
    void itHoldsTheNewestEntriesUpToItsCapacity_oldestFirst() {
        List.of("a", "b", "c", "d", "e").forEach(this::add);

        assertThat(ring.read(-1, l -> true, 10)).extracting(Line::text).containsExactly("c", "d", "e");
        assertThat(ring.last()).isEqualTo(5);
    }

    @Test
    void withoutAfter_aReadIsTheTail_withAfter_thePageThatFollowsIt() {
        List.of("a", "b", "c").forEach(this::add);

        assertThat(ring.read(-1, l -> true, 2)).extracting(Line::text).containsExactly("b", "c");
        assertThat(ring.read(0, l -> true, 2)).extracting(Line::text).containsExactly("a", "b");
        assertThat(ring.read(2, l -> true, 2)).extracting(Line::text).containsExactly("c");
        assertThat(ring.read(3, l -> true, 2)).isEmpty();
    }

    @Test
    void theFilterComesBeforeTheLimit() {
        List.of("x1", "y2", "x3", "y4").forEach(this::add); // capacity 3: x1 is gone

        assertThat(ring.read(-1, l -> l.text().startsWith("x"), 2)).extracting(Line::text).containsExactly("x3");
        assertThat(ring.read(-1, l -> l.text().startsWith("y"), 1)).extracting(Line::text).containsExactly("y4");
    }

    @Test
    void anEmptyRingReadsEmpty_andARingHoldsOneAtLeast() {
        assertThat(ring.read(-1, l -> true, 10)).isEmpty();
        assertThat(ring.last()).isZero();
        assertThatThrownBy(() -> new TailRing<Line>(0)).hasMessage("capacity 0: expected 1 or more");
    }

    @Test
    void writersOnManyThreadsLeaveTheNewestCapacityEntries_eachOnce() throws Exception {
        TailRing<Line> shared = new TailRing<>(100);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            done.add(pool.submit(() -> {
                for (int i = 0; i < 10_000; i++) {
                    shared.put(new Line(shared.claim(), "x"));
                }
            }));
        }
        for (Future<?> f : done) {
            f.get(30, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertThat(shared.read(-1, l -> true, 1000)).extracting(Line::seq)
            .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(39_901, 40_000).boxed().toList());
    }
}
