package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.vireo.scanner.internal.ftp.Refusals.refusal;
import static org.vireo.scanner.internal.ftp.Refusals.refusalCode;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DataAddressTest {

    @Test
    void aPortArgumentIsFourAddressBytesAndThePortsHighAndLowBytes() throws FtpRefusal {
        assertThat(DataAddress.parsePort("192,168,1,2,4,1")).isEqualTo(address("192.168.1.2", 1025));
        assertThat(DataAddress.parsePort("0,0,0,0,0,1")).isEqualTo(address("0.0.0.0", 1));
        assertThat(DataAddress.parsePort("255,255,255,255,255,255")).isEqualTo(address("255.255.255.255", 65_535));
        assertThat(DataAddress.parsePort("010,001,002,003,000,021")).isEqualTo(address("10.1.2.3", 21));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1,2,3,4,5", "1,2,3,4,5,6,7", "256,1,1,1,4,1", "1,1,1,1,256,1", "1,1,1,1,0,0",
        "1,2,3,4,5,", " 1,2,3,4,5,6", "1, 2,3,4,5,6", "1,2,3,4,5,6 ", "1.2.3.4,5,6", "-1,2,3,4,5,6", "1,2,3,4,5,0006",
        "(1,2,3,4,5,6)", "a,b,c,d,e,f"})
    void anythingElseIsNoPortArgument(String argument) {
        FtpReply refused = refusal(() -> DataAddress.parsePort(argument));

        assertThat(refused.code()).isEqualTo(501);
        assertThat(refused.lines().get(0)).contains("PORT h1,h2,h3,h4,p1,p2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Entering Passive Mode (192,0,2,7,200,10).", "Entering Passive Mode 192,0,2,7,200,10",
        "=192,0,2,7,200,10", "Passive mode on 192,0,2,7,200,10 (port 51210)", "(192,0,2,7,200,10)"})
    void aPassiveReplysAddressIsFoundWhereverTheServerWroteIt(String text) throws FtpRefusal {
        assertThat(DataAddress.parsePassiveReply(FtpReply.of(227, text))).isEqualTo(address("192.0.2.7", 51_210));
    }

    @Test
    void aPassiveReplysAddressIsFoundOnAnyOfItsLines() throws FtpRefusal {
        FtpReply reply = new FtpReply(227, java.util.List.of("Entering Passive Mode", "192,0,2,7,200,10", "ok"));

        assertThat(DataAddress.parsePassiveReply(reply)).isEqualTo(address("192.0.2.7", 51_210));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Entering Passive Mode", "Entering Passive Mode (1234,0,2,7,200,10)",
        "Entering Passive Mode (192,0,2,7,200,1000)", "Entering Passive Mode (192,0,2,7,0,0)",
        "Entering Passive Mode (192,0,2,256,200,10)", "Entering Passive Mode (192,0,2,7,200)"})
    void aPassiveReplyWithoutAnAddressCannotOpenTheDataConnection(String text) {
        FtpReply refused = refusal(() -> DataAddress.parsePassiveReply(FtpReply.of(227, text)));

        assertThat(refused.code()).isEqualTo(425);
        assertThat(refused.lines().get(0)).startsWith("Can't open data connection");
    }

    @Test
    void aReplyOtherThan227IsNoPassiveReply() {
        assertThat(refusalCode(() -> DataAddress.parsePassiveReply(FtpReply.of(200, "(192,0,2,7,200,10)"))))
            .isEqualTo(425);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {"|1|132.235.1.2|6275|; 132.235.1.2; 6275",
        "|2|1080::8:800:200C:417A|5282|; 1080::8:800:200c:417a; 5282", "!1!10.0.0.1!21!; 10.0.0.1; 21",
        "~2~::1~65535~; ::1; 65535", "|2|::ffff:192.0.2.1|21|; 192.0.2.1; 21", "a1a10.0.0.1a21a; 10.0.0.1; 21"})
    void anEprtArgumentIsTheProtocolTheAddressAndThePortBetweenOneDelimiter(String argument, String ip, int port)
        throws FtpRefusal {
        assertThat(DataAddress.parseEprt(argument)).isEqualTo(address(ip, port));
    }

    @ParameterizedTest(name = "{0} is refused with {1}")
    @CsvSource(delimiter = ';', value = {"|3|10.0.0.1|21|; 522", "|0|10.0.0.1|21|; 522", "|12|10.0.0.1|21|; 522",
        "''; 501", "|; 501", "||||; 501", "|1|10.0.0.1|21; 501", "|1|10.0.0.1|21||; 501", "|x|10.0.0.1|21|; 501",
        "|1|::1|21|; 501", "|2|10.0.0.1|21|; 501", "|1|010.0.0.1|21|; 501", "|1|example.org|21|; 501",
        "|2|fe80::1%eth0|21|; 501", "|2|[::1]|21|; 501", "|1|10.0.0.1|0|; 501", "|1|10.0.0.1|65536|; 501",
        "|1|10.0.0.1|x|; 501", "' |1|10.0.0.1|21|'; 501", "\u007f1\u007f10.0.0.1\u007f21\u007f; 501",
        "|1|10.0.0.1!21!; 501", "|1|10.0.0.1|-21|; 501"})
    void anythingElseIsNoEprtArgument(String argument, int code) {
        assertThat(refusalCode(() -> DataAddress.parseEprt(argument))).isEqualTo(code);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Entering Extended Passive Mode (|||6446|)", "Extended Passive (!!!6446!)",
        "(|||6446|) ok", "Entering Extended Passive Mode (6446) (|||6446|)"})
    void anExtendedPassiveReplyGivesThePortOnly(String text) throws FtpRefusal {
        assertThat(DataAddress.parseExtendedPassiveReply(FtpReply.of(229, text))).isEqualTo(6446);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Entering Extended Passive Mode", "(||6446|)", "(|||6446)", "(|1|10.0.0.1|6446|)",
        "(|||0|)", "(|||65536|)", "(|!|6446|)", "( |||6446|)", "(   6446 )"})
    void anExtendedPassiveReplyWithoutAPortCannotOpenTheDataConnection(String text) {
        assertThat(refusalCode(() -> DataAddress.parseExtendedPassiveReply(FtpReply.of(229, text)))).isEqualTo(425);
        assertThat(refusalCode(() -> DataAddress.parseExtendedPassiveReply(FtpReply.of(227, "(|||6446|)"))))
            .isEqualTo(425);
    }

    @Test
    void eachFormIsWrittenAsItsRfcWritesIt() {
        assertThat(DataAddress.formatPort(address("192.168.1.2", 1025))).isEqualTo("192,168,1,2,4,1");
        assertThat(DataAddress.passiveReply(address("192.0.2.7", 51_210)))
            .isEqualTo(FtpReply.of(227, "Entering Passive Mode (192,0,2,7,200,10)."));
        assertThat(DataAddress.formatEprt(address("132.235.1.2", 6275))).isEqualTo("|1|132.235.1.2|6275|");
        assertThat(DataAddress.formatEprt(address("2001:db8:0:0::1", 2121))).isEqualTo("|2|2001:db8::1|2121|");
        assertThat(DataAddress.extendedPassiveReply(6446))
            .isEqualTo(FtpReply.of(229, "Entering Extended Passive Mode (|||6446|)"));
    }

    @Test
    void whatIsWrittenReadsBackTheSame() throws FtpRefusal {
        InetSocketAddress v4 = address("203.0.113.9", 40_000);
        InetSocketAddress v6 = address("2001:db8::9", 40_000);

        assertThat(DataAddress.parsePort(DataAddress.formatPort(v4))).isEqualTo(v4);
        assertThat(DataAddress.parsePassiveReply(DataAddress.passiveReply(v4))).isEqualTo(v4);
        assertThat(DataAddress.parseEprt(DataAddress.formatEprt(v4))).isEqualTo(v4);
        assertThat(DataAddress.parseEprt(DataAddress.formatEprt(v6))).isEqualTo(v6);
        assertThat(DataAddress.parseExtendedPassiveReply(DataAddress.extendedPassiveReply(40_000))).isEqualTo(40_000);
    }

    @Test
    void onlyAnIpv4AddressAndAPortOfAConnectionCanBeWritten() {
        assertThatThrownBy(() -> DataAddress.formatPort(address("2001:db8::9", 21)))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DataAddress.passiveReply(InetSocketAddress.createUnresolved("example.org", 21)))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DataAddress.formatEprt(address("192.0.2.1", 0)))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DataAddress.extendedPassiveReply(65_536)).isInstanceOf(IllegalArgumentException.class);
    }

    /** An address of a literal: getByName reads a literal without asking DNS. */
    static InetSocketAddress address(String literal, int port) {
        try {
            return new InetSocketAddress(InetAddress.getByName(literal), port);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
