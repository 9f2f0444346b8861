package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.scanner.internal.ftp.Refusals.refusal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FtpReplyParserTest {

    private final FtpReplyParser parser = new FtpReplyParser();

    @Test
    void aSingleLineReplyIsCompleteAtOnce() throws FtpRefusal {
        assertThat(parser.feed("220 ProFTPD Server ready.")).isEqualTo(FtpReply.of(220, "ProFTPD Server ready."));
        assertThat(parser.feed("331 ")).isEqualTo(FtpReply.of(331, ""));
        assertThat(parser.inReply()).isFalse();
    }

    @Test
    void aMultiLineReplyEndsAtItsCodeAndASpaceWhateverComesBetween() throws FtpRefusal {
        assertThat(parser.feed("220-Welcome")).isNull();
        assertThat(parser.inReply()).isTrue();
        assertThat(parser.feed("221 another code")).isNull();
        assertThat(parser.feed("220-the same code and a dash")).isNull();
        assertThat(parser.feed("220")).isNull();
        assertThat(parser.feed("")).isNull();
        assertThat(parser.feed("  indented")).isNull();

        assertThat(parser.feed("220 ready")).isEqualTo(new FtpReply(220, List.of("Welcome", "221 another code",
            "220-the same code and a dash", "220", "", "  indented", "ready")));
        assertThat(parser.inReply()).isFalse();
        assertThat(parser.feed("200 next")).isEqualTo(FtpReply.of(200, "next"));
    }

    @Test
    void aReplyReadFromItsFormatIsTheSameReply() throws FtpRefusal {
        FtpReply reply = new FtpReply(211, List.of("Features:", " SIZE", "211 Not the end", "End"));

        List<FtpReply> read = new ArrayList<>();
        for (String line : new String(reply.format(), StandardCharsets.ISO_8859_1).split("\r\n")) {
            FtpReply complete = parser.feed(line);
            if (complete != null) {
                read.add(complete);
            }
        }

        assertThat(read).containsExactly(new FtpReply(211, List.of("Features:", " SIZE", " 211 Not the end", "End")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "220", "22 ready", "2200 ready", "220ready", "220_ready", "abc ready", "022 ready",
        "620 ready", " 220 ready", "2a0 ready", "\u00b2\u00b20 ready"})
    void aFirstLineThatIsNotACodeThenASpaceOrADashIsRefused(String line) {
        FtpReply refused = refusal(() -> parser.feed(line));

        assertThat(refused.code()).isEqualTo(421);
        assertThat(refused.lines().get(0)).contains("a first line that is not a code");
    }

    @ParameterizedTest
    @ValueSource(strings = {"220 a\0b", "220 a\rb", "220 a\nb", "220 \u0100"})
    void aLineWithANulACrOrALfIsRefused(String line) {
        assertThat(refusal(() -> parser.feed(line)).lines().get(0)).contains("a NUL, CR or LF within a line");
    }

    @Test
    void aLineOfUpTo2048CharactersIsTakenALongerOneRefused() throws FtpRefusal {
        String longest = "250 " + "x".repeat(FtpReplyParser.MAX_LINE_CHARS - 4);

        assertThat(parser.feed(longest).lines().get(0)).hasSize(2044);
        assertThat(parser.feed("250-")).isNull();
        FtpReply refused = refusal(() -> parser.feed("x".repeat(FtpReplyParser.MAX_LINE_CHARS + 1)));
        assertThat(refused).isEqualTo(FtpReply.of(421, "The origin server sent a malformed reply (a line longer than"
            + " 2048 characters), closing control connection"));
    }

    @Test
    void aReplyOfUpTo1000LinesIsTakenALongerOneRefused() throws FtpRefusal {
        parser.feed("213-status");
        for (int i = 2; i < FtpReplyParser.MAX_LINES; i++) {
            assertThat(parser.feed("line " + i)).isNull();
        }
        assertThat(parser.feed("213 End").lines()).hasSize(FtpReplyParser.MAX_LINES);

        parser.feed("213-status");
        for (int i = 2; i < FtpReplyParser.MAX_LINES; i++) {
            parser.feed("line " + i);
        }
        assertThat(refusal(() -> parser.feed("line 1000")).lines().get(0)).contains("more than 1000 lines");
    }

    @Test
    void afterARefusalEveryLineIsRefused() {
        FtpReply first = refusal(() -> parser.feed("hello"));

        assertThat(refusal(() -> parser.feed("220 ready"))).isEqualTo(first);
        assertThat(parser.inReply()).isFalse();
    }
}
