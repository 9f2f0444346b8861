package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.vireo.scanner.internal.ftp.Refusals.refusal;
import static org.vireo.scanner.internal.ftp.Refusals.refusalCode;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FtpCommandTest {

    @Test
    void theVerbIsUpperCasedAndTheArgumentKeptAsItCame() throws FtpRefusal {
        assertThat(FtpCommand.parse("retr my file.txt")).isEqualTo(new FtpCommand("RETR", "my file.txt"));
        assertThat(FtpCommand.parse("Cwd  /a b ")).isEqualTo(new FtpCommand("CWD", " /a b "));
        assertThat(FtpCommand.parse("USER me@example.org@ftp.example.org"))
            .isEqualTo(new FtpCommand("USER", "me@example.org@ftp.example.org"));
    }

    @Test
    void aVerbWithoutArgumentTakesTrailingSpacesButNoArgument() throws FtpRefusal {
        assertThat(FtpCommand.parse("NOOP")).isEqualTo(new FtpCommand("NOOP", ""));
        assertThat(FtpCommand.parse("pwd   ")).isEqualTo(new FtpCommand("PWD", ""));

        FtpReply refused = refusal(() -> FtpCommand.parse("PWD /tmp"));
        assertThat(refused.code()).isEqualTo(501);
        assertThat(refused.lines()).containsExactly("Syntax error in parameters: PWD takes no argument");
    }

    @ParameterizedTest
    @ValueSource(strings = {"RETR", "RETR ", "USER", "CWD", "TYPE ", "AUTH", "PORT", "EPRT"})
    void aVerbThatNeedsAnArgumentIsRefusedWithoutOne(String line) {
        assertThat(refusalCode(() -> FtpCommand.parse(line))).isEqualTo(501);
    }

    @ParameterizedTest
    @ValueSource(strings = {"LIST", "NLST", "MLSD", "MLST", "STAT", "HELP", "PASS", "EPSV"})
    void aVerbWithAnOptionalArgumentTakesNone(String verb) throws FtpRefusal {
        assertThat(FtpCommand.parse(verb)).isEqualTo(new FtpCommand(verb, ""));
        assertThat(FtpCommand.parse(verb.toLowerCase(java.util.Locale.ROOT) + " ")).isEqualTo(new FtpCommand(verb,
            ""));
    }

    @Test
    void aLineOfUpTo512BytesIsTakenALongerOneRefused() throws FtpRefusal {
        String path = "a".repeat(FtpCommand.MAX_LINE_BYTES - "RETR ".length());

        assertThat(FtpCommand.parse("RETR " + path).argument()).hasSize(507);
        FtpReply refused = refusal(() -> FtpCommand.parse("RETR " + path + "a"));
        assertThat(refused.code()).isEqualTo(500);
        assertThat(refused.lines()).containsExactly("Syntax error, command line longer than 512 bytes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"RETR a\0b", "RETR a\rb", "RETR a\nb", "RETR a\r", "USER x\nPASS y", "CWD \u0100"})
    void anArgumentWithANulACrALfOrACharThatIsNoByteIsRefused(String line) {
        assertThat(refusalCode(() -> FtpCommand.parse(line))).isEqualTo(501);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", " RETR x", "CD x", "RETRX x", "R3TR x", "R\u00c9TR x", "RE\0T x", "NOOP\r",
        "LIST\t-a", "\u00ff\u00ffABOR", "XYZW", "GET /"})
    void aLineWhoseVerbIsNotThreeOrFourAsciiLettersOrUnknownIsUnrecognized(String line) {
        FtpReply refused = refusal(() -> FtpCommand.parse(line));

        assertThat(refused.code()).isEqualTo(500);
        assertThat(refused.lines()).containsExactly("Syntax error, command unrecognized");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ACCT x", "STOU", "SITE CHMOD 600 x", "acct x", "REIN", "XCWD /", "HOST example.org",
        "MFMT 20200101000000 x"})
    void aStandardVerbTheProxyDoesNotSupportIsNotImplemented(String line) {
        FtpReply refused = refusal(() -> FtpCommand.parse(line));

        assertThat(refused.code()).isEqualTo(502);
        assertThat(refused.lines()).containsExactly("Command not implemented");
    }

    @Test
    void tlsCommandsAreRecognizedSoThatTheProxyCanRefuseThem() throws FtpRefusal {
        assertThat(FtpCommand.parse("AUTH TLS")).isEqualTo(new FtpCommand("AUTH", "TLS"));
        assertThat(FtpCommand.parse("PBSZ 0")).isEqualTo(new FtpCommand("PBSZ", "0"));
        assertThat(FtpCommand.parse("PROT P")).isEqualTo(new FtpCommand("PROT", "P"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u00ff\u00f4\u00ff\u00f2ABOR", "\u00ff\u00f4\u00f2ABOR", "\u00ff\u00f4ABOR",
        "\u00f2ABOR", "\u00ff\u00fb\u0001ABOR", "AB\u00ff\u00f1OR"})
    void telnetCommandsBeforeAborAreStripped(String line) throws FtpRefusal {
        assertThat(FtpCommand.parse(line)).isEqualTo(new FtpCommand("ABOR", ""));
    }

    @Test
    void anEscapedIacIsADataByteAndIsEscapedAgainWhenForwarded() throws FtpRefusal {
        FtpCommand command = FtpCommand.parse("RETR \u00ff\u00ffx");

        assertThat(command.argument()).isEqualTo("\u00ffx");
        assertThat(command.format()).containsExactly('R', 'E', 'T', 'R', ' ', 0xff, 0xff, 'x', '\r', '\n');
    }

    @ParameterizedTest(name = "TYPE {0}")
    @CsvSource({"A, A", "a, A", "A N, A N", "a n, A N", "I, I", "i, I", "L 8, L 8", "l 8, L 8"})
    void theTypesTheProxyRelaysAreTaken(String type, String normalised) throws FtpRefusal {
        assertThat(FtpCommand.parse("TYPE " + type)).isEqualTo(new FtpCommand("TYPE", normalised));
    }

    @ParameterizedTest(name = "TYPE {0} is refused with {1}")
    @CsvSource({"A T, 504", "A C, 504", "E, 504", "e n, 504", "L 16, 504", "L 7, 504", "X, 501", "A  N, 501",
        "L8, 501", "L, 501", "'I ', 501", "' I', 501", "A X, 501", "L x, 501"})
    void otherTypesAreRefused(String type, int code) {
        assertThat(refusalCode(() -> FtpCommand.parse("TYPE " + type))).isEqualTo(code);
    }

    @ParameterizedTest(name = "{0} is refused with {1}")
    @CsvSource({"MODE B, 504", "MODE C, 504", "MODE Z, 501", "MODE SS, 501", "STRU R, 504", "STRU P, 504",
        "STRU X, 501", "STRU F F, 501"})
    void onlyStreamModeAndFileStructureAreTaken(String line, int code) throws FtpRefusal {
        assertThat(FtpCommand.parse("MODE s")).isEqualTo(new FtpCommand("MODE", "S"));
        assertThat(FtpCommand.parse("STRU f")).isEqualTo(new FtpCommand("STRU", "F"));
        assertThat(refusalCode(() -> FtpCommand.parse(line))).isEqualTo(code);
    }

    @ParameterizedTest
    @ValueSource(strings = {"OPTS MLST type;size;", "OPTS UTF8", "OPTS UTF8 YES", "OPTS UTF-8 ON", "OPTS  UTF8 ON"})
    void onlyTheUtf8OptionIsTaken(String line) throws FtpRefusal {
        assertThat(FtpCommand.parse("opts utf8 on")).isEqualTo(new FtpCommand("OPTS", "UTF8 ON"));
        assertThat(FtpCommand.parse("OPTS UTF8 OFF")).isEqualTo(new FtpCommand("OPTS", "UTF8 OFF"));
        FtpReply refused = refusal(() -> FtpCommand.parse(line));
        assertThat(refused.code()).isEqualTo(501);
        assertThat(refused.lines()).containsExactly("Option not understood: only OPTS UTF8 ON and OPTS UTF8 OFF");
    }

    @ParameterizedTest(name = "REST {0}")
    @CsvSource({"0, 0", "100, 100", "007, 7", "9223372036854775807, 9223372036854775807",
        "0009223372036854775807, 9223372036854775807"})
    void aRestartOffsetIsADecimalLong(String offset, String normalised) throws FtpRefusal {
        assertThat(FtpCommand.parse("REST " + offset)).isEqualTo(new FtpCommand("REST", normalised));
    }

    @ParameterizedTest
    @ValueSource(strings = {"9223372036854775808", "99999999999999999999999", "-1", "+1", "1e3", "0x10", " 1",
        "1 ", "STREAM"})
    void anythingElseIsNoRestartOffset(String offset) {
        assertThat(refusalCode(() -> FtpCommand.parse("REST " + offset))).isEqualTo(501);
    }

    @ParameterizedTest(name = "EPSV {0} is refused with {1}")
    @CsvSource({"3, 522", "0, 522", "01, 522", "ALL 1, 501", "x, 501", "'1 ', 501"})
    void extendedPassiveTakesNothingAllOrAProtocolOfIpv4OrIpv6(String argument, int code) throws FtpRefusal {
        assertThat(FtpCommand.parse("EPSV")).isEqualTo(new FtpCommand("EPSV", ""));
        assertThat(FtpCommand.parse("epsv all")).isEqualTo(new FtpCommand("EPSV", "ALL"));
        assertThat(FtpCommand.parse("EPSV 1")).isEqualTo(new FtpCommand("EPSV", "1"));
        assertThat(FtpCommand.parse("EPSV 2")).isEqualTo(new FtpCommand("EPSV", "2"));
        assertThat(refusalCode(() -> FtpCommand.parse("EPSV " + argument))).isEqualTo(code);
    }

    @Test
    void dataAddressesAreCheckedAndWrittenPlainly() throws FtpRefusal {
        assertThat(FtpCommand.parse("PORT 192,168,000,1,4,1")).isEqualTo(new FtpCommand("PORT", "192,168,0,1,4,1"));
        assertThat(FtpCommand.parse("EPRT !2!2001:DB8:0::1!2121!"))
            .isEqualTo(new FtpCommand("EPRT", "|2|2001:db8::1|2121|"));
        assertThat(refusalCode(() -> FtpCommand.parse("PORT 192,168,0,256,4,1"))).isEqualTo(501);
        assertThat(refusalCode(() -> FtpCommand.parse("EPRT |3|192.0.2.1|21|"))).isEqualTo(522);
    }

    @Test
    void aCommandIsFormattedWithItsCrlfAndBytesPassThroughUnchanged() throws FtpRefusal {
        byte[] utf8 = "STOR über straße.txt".getBytes(StandardCharsets.UTF_8);

        assertThat(FtpCommand.parse(utf8).format()).isEqualTo(
            "STOR über straße.txt\r\n".getBytes(StandardCharsets.UTF_8));
        assertThat(new FtpCommand("QUIT", "").format()).isEqualTo("QUIT\r\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(new FtpCommand("PASS", "").format()).isEqualTo("PASS\r\n".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void noCommandCanBeBuiltWithAnotherLineOrAVerbOffTheList() {
        assertThatThrownBy(() -> new FtpCommand("USER", "x\r\nDELE y")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FtpCommand("USER", "x\0")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FtpCommand("SITE", "EXEC x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FtpCommand("user", "x")).isInstanceOf(IllegalArgumentException.class);
    }
}
