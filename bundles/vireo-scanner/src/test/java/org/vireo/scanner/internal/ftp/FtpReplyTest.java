package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class FtpReplyTest {

    @Test
    void aSingleLineReplyIsItsCodeASpaceAndItsText() {
        assertThat(text(FtpReply.of(200, "Command okay."))).isEqualTo("200 Command okay.\r\n");
        assertThat(text(FtpReply.of(200, ""))).isEqualTo("200 \r\n");
        assertThat(FtpReply.of(200, "x").isMultiLine()).isFalse();
    }

    @Test
    void aMultiLineReplyHasItsCodeOnItsFirstAndLastLinesOnly() {
        FtpReply reply = new FtpReply(211, List.of("Features:", " SIZE", "", "End"));

        assertThat(reply.isMultiLine()).isTrue();
        assertThat(text(reply)).isEqualTo("211-Features:\r\n SIZE\r\n\r\n211 End\r\n");
    }

    @Test
    void aLineBetweenThatCouldEndTheReplyIsPadded() {
        FtpReply reply = new FtpReply(250, List.of("Listing", "250 not the end", "123 nor this", "999", "250-fine",
            "12 fine", "1234 fine", "end"));

        assertThat(text(reply)).isEqualTo("250-Listing\r\n 250 not the end\r\n 123 nor this\r\n 999\r\n250-fine\r\n"
            + "12 fine\r\n1234 fine\r\n250 end\r\n");
    }

    @Test
    void bytesPassThroughUnchanged() {
        String utf8AsBytes = new String("257 \"/über\" created".getBytes(StandardCharsets.UTF_8),
            StandardCharsets.ISO_8859_1);

        assertThat(FtpReply.of(257, utf8AsBytes.substring(4)).format())
            .isEqualTo("257 \"/über\" created\r\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void noReplyCanBeBuiltThatBreaksTheFraming() {
        assertThatThrownBy(() -> FtpReply.of(200, "ok\r\n230 Logged in")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FtpReply.of(200, "ok\n")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FtpReply.of(200, "ok\0")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FtpReply.of(200, "\u0100")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FtpReply(200, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FtpReply.of(99, "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FtpReply.of(600, "x")).isInstanceOf(IllegalArgumentException.class);
    }

    private static String text(FtpReply reply) {
        return new String(reply.format(), StandardCharsets.ISO_8859_1);
    }
}
