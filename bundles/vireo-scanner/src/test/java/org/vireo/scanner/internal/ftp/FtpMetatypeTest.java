package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/** The FTP proxy's PID: its metatype, the parse and the operators' reference (docs/ftp.md) agree on every key. */
class FtpMetatypeTest {

    @Test
    void ftp_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(FtpOptions.PID, FtpConfig.class, config -> FtpOptions.parse(config, List.of()))
            .documented(Path.of("../../docs/ftp.md")).disagreements()).isEmpty();
    }
}
