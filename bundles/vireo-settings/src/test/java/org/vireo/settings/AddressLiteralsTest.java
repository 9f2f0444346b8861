package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** IP literals in configuration values: read as written, and anything else refused without a name lookup. */
class AddressLiteralsTest {

    @ParameterizedTest
    @CsvSource({"10.0.0.21, 10.0.0.21", "' 0.0.0.0 ', 0.0.0.0", "::1, 0:0:0:0:0:0:0:1", "[fd00::21], fd00:0:0:0:0:0:0:21"})
    void aLiteralIsReadAsWritten(String text, String address) throws Exception {
        assertThat(AddressLiterals.parse(text)).contains(InetAddress.getByName(address));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "localhost", "example.com", "256.0.0.1", "10.0.0", "[10.0.0.1]", "10.0.0.1:80",
        "fe80::1%eth0", "x:y", "1.2.3.4.5"})
    void anythingElseIsNotALiteral(String text) {
        assertThat(AddressLiterals.parse(text)).isEmpty();
    }
}
