package org.vireo.vip.internal.announce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class AnnounceOptionsTest {

    @Test
    void defaultsAreKeepalivedsBurstOfFiveAndASecondBurstAfterFiveSeconds() {
        assertThat(AnnounceOptions.parse(Map.of())).isEqualTo(new AnnounceOptions(5, 5, 0, false));
    }

    @Test
    void everyBadKeyIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> AnnounceOptions.parse(Map.of("garpRepeat", "0", "garpRefreshSeconds", "x")))
            .hasMessageContaining("configuration org.vireo.vip refused")
            .hasMessageContaining("garpRepeat = 0: expected 1-100")
            .hasMessageContaining("garpRefreshSeconds = 'x': expected a whole number, 0-86400");
    }

    @Test
    void valuesFromACfgFileAreTaken() {
        assertThat(AnnounceOptions.parse(Map.of("garpRepeat", "3", "garpDelaySeconds", "0", "garpRefreshSeconds", "60",
            "neighbourAdvertRouter", "true")))
            .isEqualTo(new AnnounceOptions(3, 0, 60, true));
    }
}
