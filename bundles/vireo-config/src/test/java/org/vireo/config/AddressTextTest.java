package org.vireo.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AddressTextTest {

    /** RFC 5952 4: lower case, no leading zeros, :: for the longest run of two or more zero groups, the first of equals. */
    @ParameterizedTest
    @CsvSource({
        "10.77.0.11, 10.77.0.11",
        "fe80:0:0:0:77:ff:fe00:b, fe80::77:ff:fe00:b",
        "FD77:0000:0000:0000:0000:0000:0000:0053, fd77::53",
        "0:0:0:0:0:0:0:0, ::",
        "0:0:0:0:0:0:0:1, ::1",
        "2001:db8:0:1:1:1:1:1, 2001:db8:0:1:1:1:1:1",
        "2001:db8:0:0:1:0:0:1, 2001:db8::1:0:0:1",
        "2001:0:0:1:0:0:0:1, 2001:0:0:1::1",
        "ff02:0:0:0:0:0:0:12, ff02::12",
        "1:0:0:0:0:0:0:0, 1::",
    })
    void writesTheRfc5952Form(String given, String expected) throws Exception {
        assertThat(AddressText.of(InetAddress.getByName(given))).isEqualTo(expected);
        assertThat(InetAddress.getByName(expected)).isEqualTo(InetAddress.getByName(given));
    }

    @Test
    void refusesWhatIsNoAddress() {
        assertThatThrownBy(() -> AddressText.of(new byte[6])).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("6");
    }
}
