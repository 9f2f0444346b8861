package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.scanner.internal.ftp.Refusals.refusal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProxyLoginTest {

    @ParameterizedTest(name = "USER {0}")
    @CsvSource(delimiter = ';', value = {
        "alice@ftp.example.org; alice; ftp.example.org; 21; ftp.example.org",
        "alice@ftp.example.org:2121; alice; ftp.example.org; 2121; ftp.example.org:2121",
        "anonymous@FTP.Example.ORG.; anonymous; ftp.example.org; 21; ftp.example.org",
        "me@example.org@ftp.example.org; me@example.org; ftp.example.org; 21; ftp.example.org",
        "a b@host; a b; host; 21; host",
        "bob@192.0.2.1:21; bob; 192.0.2.1; 21; 192.0.2.1",
        "bob@[2001:DB8:0::1]:2121; bob; 2001:db8::1; 2121; [2001:db8::1]:2121",
        "bob@[::1]; bob; ::1; 21; [::1]",
        "bob@[::ffff:192.0.2.1]; bob; 192.0.2.1; 21; 192.0.2.1",
        "bob@files_01.intranet; bob; files_01.intranet; 21; files_01.intranet",
        "bob@xn--bcher-kva.example; bob; xn--bcher-kva.example; 21; xn--bcher-kva.example",
        "bob@h:00021; bob; h; 21; h",
        "bob@h:65535; bob; h; 65535; h:65535"})
    void theLastAtSeparatesTheUserFromTheServer(String argument, String user, String host, int port, String authority)
        throws FtpRefusal {
        ProxyLogin login = ProxyLogin.parse(argument);

        assertThat(login).isEqualTo(new ProxyLogin(user, host, port));
        assertThat(login.authority()).isEqualTo(authority);
    }

    @Test
    void aUserWithoutAServerIsNotLoggedInAndToldTheForm() {
        FtpReply refused = refusal(() -> ProxyLogin.parse("alice"));

        assertThat(refused.code()).isEqualTo(530);
        assertThat(refused.lines().get(0)).contains("USER name@host[:port]");
    }

    @ParameterizedTest(name = "USER {0}")
    @CsvSource(delimiter = ';', value = {
        "@ftp.example.org; no user name before the @",
        "alice@; no host after the @",
        "alice@:21; no host after the @",
        "alice@.; no host after the @",
        "alice@host:; the port is not a number 1-65535",
        "alice@host:0; the port is not a number 1-65535",
        "alice@host:65536; the port is not a number 1-65535",
        "alice@host:21x; the port is not a number 1-65535",
        "alice@host:-1; the port is not a number 1-65535",
        "alice@[::1]21; the port is not a number 1-65535",
        "alice@2001:db8::1; an IPv6 address without brackets",
        "alice@[2001:db8::1; no IPv6 address in the brackets",
        "alice@[192.0.2.1]; no IPv6 address in the brackets",
        "alice@[fe80::1%eth0]; no IPv6 address in the brackets",
        "alice@[example.org]; no IPv6 address in the brackets",
        "alice@exa mple.org; the host 'exa mple.org' is not a DNS name or an IP address",
        "alice@example..org; the host 'example..org' is not a DNS name or an IP address",
        "alice@-example.org; the host '-example.org' is not a DNS name or an IP address",
        "alice@example-.org; the host 'example-.org' is not a DNS name or an IP address",
        "alice@exam/ple.org; the host 'exam/ple.org' is not a DNS name or an IP address",
        "alice@bücher.example; the host 'bücher.example' is not a DNS name or an IP address",
        "alice@2130706433; the host '2130706433' is not a DNS name or an IP address",
        "alice@0x7f.1; the host '0x7f.1' is not a DNS name or an IP address",
        "alice@127.1; the host '127.1' is not a DNS name or an IP address",
        "alice@0177.0.0.1; the host '0177.0.0.1' is not a DNS name or an IP address",
        "alice@192.0.2.256; the host '192.0.2.256' is not a DNS name or an IP address",
        "alice@example.123; the host 'example.123' is not a DNS name or an IP address",
        "alice@host\u0000x; a NUL, CR or LF"})
    void aMalformedServerIsRefusedWithTheReason(String argument, String reason) {
        FtpReply refused = refusal(() -> ProxyLogin.parse(argument));

        assertThat(refused.code()).isEqualTo(501);
        assertThat(refused.lines()).containsExactly("Syntax error in parameters: " + reason + "; log in as USER"
            + " name@host[:port] (an IPv6 address in brackets: name@[2001:db8::1]:21)");
    }

    @Test
    void aLabelIsAtMost63CharactersAndANameAtMost253() throws FtpRefusal {
        String longest = String.join(".", "a".repeat(63), "b".repeat(63), "c".repeat(63), "d".repeat(61));

        assertThat(ProxyLogin.parse("u@" + "a".repeat(63) + ".example").host()).isEqualTo("a".repeat(63) + ".example");
        assertThat(ProxyLogin.parse("u@" + longest).host()).hasSize(253);
        assertThat(refusal(() -> ProxyLogin.parse("u@" + "a".repeat(64) + ".example")).code()).isEqualTo(501);
        assertThat(refusal(() -> ProxyLogin.parse("u@" + longest + "d")).code()).isEqualTo(501);
    }
}
