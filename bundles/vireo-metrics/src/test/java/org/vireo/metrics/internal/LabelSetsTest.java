package org.vireo.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.prometheus.metrics.model.snapshots.Labels;
import org.junit.jupiter.api.Test;

/** The label sets kept between scrapes: the same set is made once, a set no longer asked for goes. */
class LabelSetsTest {

    @Test
    void aSetAskedForAgainInTheNextScrapeIsTheSameObject() {
        LabelSets sets = new LabelSets();
        Labels first = sets.of("instance", "vip1", "vrid", "1");
        assertThat((Object) sets.of("instance", "vip1", "vrid", "1")).isSameAs(first);
        sets.scrapeDone();
        Labels next = sets.of("instance", "vip1", "vrid", "1");
        assertThat((Object) next).isSameAs(first);
        assertThat((Object) next).isEqualTo(Labels.of("instance", "vip1", "vrid", "1"));
        assertThat((Object) sets.of("instance", "vip1", "vrid", "2")).isNotEqualTo(first);
    }

    @Test
    void aSetNoScrapeAskedForIsForgottenAfterTheNext() {
        LabelSets sets = new LabelSets();
        Labels removed = sets.of("instance", "gone", "vrid", "9");
        sets.of("instance", "kept", "vrid", "1");
        sets.scrapeDone();
        sets.of("instance", "kept", "vrid", "1");
        sets.scrapeDone();
        assertThat(sets.size()).isEqualTo(1);
        assertThat((Object) sets.of("instance", "gone", "vrid", "9")).isNotSameAs(removed).isEqualTo(removed);
    }

    @Test
    void aBadLabelNameIsStillRefusedByClientJava() {
        LabelSets sets = new LabelSets();
        assertThatThrownBy(() -> sets.of("__reserved", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThat(sets.size()).isZero();
    }
}
