package org.vireo.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class QueryParamsTest {

    @Test
    void aPageHoldsAHundredUnlessToldOtherwise_oneToAThousand() {
        assertThat(QueryParams.limit(null)).isEqualTo(100);
        assertThat(QueryParams.limit(" 1 ")).isEqualTo(1);
        assertThat(QueryParams.limit("1000")).isEqualTo(1000);
        assertThatThrownBy(() -> QueryParams.limit("1001")).hasMessage("limit = '1001': expected 1-1000");
        assertThatThrownBy(() -> QueryParams.limit("ten")).hasMessage("limit = 'ten': expected 1-1000");
    }

    @Test
    void afterIsNoneWhenNotGiven_elseASequenceNumber() {
        assertThat(QueryParams.after(null, "a log line")).isEqualTo(-1);
        assertThat(QueryParams.after("", "a log line")).isEqualTo(-1);
        assertThat(QueryParams.after("0", "a log line")).isZero();
        assertThatThrownBy(() -> QueryParams.after("-2", "a log line"))
            .hasMessage("after = '-2': expected the sequence number of a log line (0 or more)");
    }

    @Test
    void aRefusedValueIsShownShort_andEscaped() {
        assertThat(QueryParams.name("host", "a\nb" + "x".repeat(100))).startsWith("host = 'a\\u000ab")
            .endsWith("...'").hasSizeLessThan(90);
    }
}
