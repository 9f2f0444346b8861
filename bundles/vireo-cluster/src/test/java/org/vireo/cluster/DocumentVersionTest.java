package org.vireo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class DocumentVersionTest {

    @Test
    void versionsOrderByTimeThenCounterThenNode() {
        DocumentVersion a = new DocumentVersion(1000, 0, "n2");
        DocumentVersion b = new DocumentVersion(1000, 1, "n1");
        DocumentVersion c = new DocumentVersion(1000, 1, "n2");
        DocumentVersion d = new DocumentVersion(1001, 0, "n1");

        List<DocumentVersion> shuffled = new ArrayList<>(List.of(d, c, b, a));
        Collections.shuffle(shuffled, new Random(7));
        Collections.sort(shuffled);

        assertThat(shuffled).containsExactly(a, b, c, d);
        assertThat(c.isNewerThan(b)).isTrue(); // the same instant on two nodes: one winner, everywhere
        assertThat(b.isNewerThan(c)).isFalse();
    }

    @Test
    void theStoredFormReadsBack() {
        DocumentVersion v = new DocumentVersion(1796016901038L, 12, "scanner-1.lab");

        assertThat(v.toString()).isEqualTo("1796016901038.12@scanner-1.lab");
        assertThat(DocumentVersion.parse(v.toString())).isEqualTo(v);
    }

    @Test
    void badVersionsAreRefusedNamingWhatIsExpected() {
        assertThatThrownBy(() -> DocumentVersion.parse("12@n1")).hasMessageContaining("expected <millis>.<counter>@<node>");
        assertThatThrownBy(() -> DocumentVersion.parse("1.2@bad node")).hasMessageContaining("A-Za-z0-9._-");
        assertThatThrownBy(() -> DocumentVersion.parse("1.70000@n1")).hasMessageContaining("expected 0-65535");
        assertThatThrownBy(() -> DocumentVersion.parse("9999999999999999999.0@n1"))
            .hasMessageContaining("out of range");
        assertThatThrownBy(() -> new DocumentVersion(-1, 0, "n1")).hasMessageContaining("expected 0 or more");
    }
}
