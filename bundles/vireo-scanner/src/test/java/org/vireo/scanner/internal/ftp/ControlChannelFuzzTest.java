package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz target of the FTP control-channel codec: {@link FtpCommand#parse} on the input as a client's command line, and
 * an {@link FtpReplyParser} on it as a server's reply stream (lines cut at LF, a CR before it dropped). Invariants:
 * <ul>
 * <li>a line parses or is refused with an {@link FtpRefusal}, whose reply is one the proxy means to send (500, 501,
 *     502, 504, 522 for a command; 421 for a reply): no other exception escapes;</li>
 * <li>a command's verb is on the allow-list and its argument has no CR, LF or NUL; formatted, it is one line, which
 *     parses back to the same command when it fits the limit; a USER argument is a login or refused with 501 or
 *     530; a PORT or EPRT argument is a data address;</li>
 * <li>a reply is bounded (at most {@value FtpReplyParser#MAX_LINES} lines); formatted, it reads back as one reply of
 *     the same code and lines (a line between that could end it padded); the data address readers and the FEAT
 *     filter read it or refuse it.</li>
 * </ul>
 * Seeds: the commands and replies of the codec's tests.
 */
class ControlChannelFuzzTest {

    private static final Set<String> ALLOWED = Set.of("USER", "PASS", "QUIT", "NOOP", "SYST", "TYPE", "MODE", "STRU",
        "FEAT", "OPTS", "PWD", "XPWD", "CWD", "CDUP", "XCUP", "PASV", "EPSV", "PORT", "EPRT", "REST", "SIZE", "MDTM",
        "MLSD", "MLST", "LIST", "NLST", "RETR", "STOR", "APPE", "RNFR", "RNTO", "DELE", "MKD", "XMKD", "RMD", "XRMD",
        "ABOR", "STAT", "HELP", "AUTH", "PBSZ", "PROT");
    private static final Set<Integer> COMMAND_REFUSALS = Set.of(500, 501, 502, 504, 522);

    @FuzzTest
    void linesParseOrAreRefusedAndWhatParsesIsSafeToForward(byte[] input) throws FtpRefusal {
        command(input);
        replies(new String(input, FtpText.CHARSET));
    }

    private static void command(byte[] line) throws FtpRefusal {
        FtpCommand command;
        try {
            command = FtpCommand.parse(line);
        } catch (FtpRefusal refusal) {
            assertThat(refusal.reply().code()).isIn(COMMAND_REFUSALS);
            return;
        }
        assertThat(command.verb()).isIn(ALLOWED);
        assertThat(command.argument()).doesNotContain("\r", "\n", "\0");
        String formatted = new String(command.format(), FtpText.CHARSET);
        assertThat(formatted).endsWith("\r\n");
        assertThat(formatted.indexOf('\n')).isEqualTo(formatted.length() - 1);
        if (formatted.length() - 2 <= FtpCommand.MAX_LINE_BYTES) {
            assertThat(FtpCommand.parse(formatted.substring(0, formatted.length() - 2))).isEqualTo(command);
        }
        switch (command.verb()) {
            case "USER" -> login(command.argument());
            case "PORT" -> assertThat(DataAddress.parsePort(command.argument()).getPort()).isBetween(1, 65_535);
            case "EPRT" -> assertThat(DataAddress.parseEprt(command.argument()).getPort()).isBetween(1, 65_535);
            default -> { }
        }
    }

    private static void login(String argument) {
        try {
            ProxyLogin login = ProxyLogin.parse(argument);
            assertThat(login.user()).isNotEmpty();
            assertThat(login.port()).isBetween(1, 65_535);
        } catch (FtpRefusal refusal) {
            assertThat(refusal.reply().code()).isIn(501, 530);
        }
    }

    private static void replies(String stream) {
        FtpReplyParser parser = new FtpReplyParser();
        for (String line : stream.split("\n", -1)) {
            FtpReply reply;
            try {
                reply = parser.feed(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            } catch (FtpRefusal refusal) {
                assertThat(refusal.reply().code()).isEqualTo(421);
                return;
            }
            if (reply != null) {
                check(reply);
            }
        }
    }

    private static void check(FtpReply reply) {
        assertThat(reply.lines()).hasSizeLessThanOrEqualTo(FtpReplyParser.MAX_LINES);
        FtpReplyParser again = new FtpReplyParser();
        String[] lines = new String(reply.format(), StandardCharsets.ISO_8859_1).split("\r\n", -1);
        assertThat(lines[lines.length - 1]).as("after the last CRLF").isEmpty();
        FtpReply read = null;
        try {
            for (int i = 0; i < lines.length - 1; i++) {
                assertThat(read).as("a reply ended before line %d of %d", i, lines.length - 1).isNull();
                read = again.feed(lines[i]);
            }
        } catch (FtpRefusal refusal) {
            throw new AssertionError("the format of a reply read is refused: " + refusal.getMessage(), refusal);
        }
        assertThat(read).isNotNull();
        assertThat(read.code()).isEqualTo(reply.code());
        assertThat(read.lines()).hasSameSizeAs(reply.lines());
        readOrRefused(() -> DataAddress.parsePassiveReply(reply));
        readOrRefused(() -> DataAddress.parseExtendedPassiveReply(reply));
        assertThat(FeatFilter.filter(reply).lines()).contains(" EPRT", " EPSV");
    }

    private interface Reading {
        Object read() throws FtpRefusal;
    }

    private static void readOrRefused(Reading reading) {
        try {
            assertThat(reading.read()).isNotNull();
        } catch (FtpRefusal refusal) {
            assertThat(refusal.reply().code()).isEqualTo(425);
        }
    }
}
