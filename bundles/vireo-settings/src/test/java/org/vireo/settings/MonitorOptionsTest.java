package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.config.ConfigErrors;

class MonitorOptionsTest {

    @Test
    void aTcpMonitorGetsTheDefaults() {
        MonitorOptions o = MonitorOptions.parse(Map.of("name", "db", "type", "tcp", "host", "10.0.0.5", "port", "5432"));

        assertThat(o.type()).isEqualTo(MonitorType.TCP);
        assertThat(o.target()).isEqualTo("10.0.0.5:5432");
        assertThat(o.intervalMillis()).isEqualTo(2000);
        assertThat(o.timeoutMillis()).isEqualTo(1000);
        assertThat(o.rise()).isEqualTo(2);
        assertThat(o.fall()).isEqualTo(3);
    }

    @Test
    void everyKeyOfAnHttpMonitorIsRead() {
        MonitorOptions o = MonitorOptions.parse(Map.of("name", "web", "type", "http", "url", "https://origin:8443/ok",
            "expectStatus", "200,204, 300-399", "bodyMatch", "status: (ok|fine)", "tlsVerify", "false",
            "intervalMillis", "500", "timeoutMillis", "400", "rise", "1", "fall", "100"));

        assertThat(o.url()).isEqualTo("https://origin:8443/ok");
        assertThat(o.expectStatus().accepts(204)).isTrue();
        assertThat(o.expectStatus().accepts(350)).isTrue();
        assertThat(o.expectStatus().accepts(201)).isFalse();
        assertThat(o.expectStatus()).hasToString("200,204,300-399");
        assertThat(o.bodyMatch()).isEqualTo("status: (ok|fine)");
        assertThat(o.tlsVerify()).isFalse();
        assertThat(List.of(o.intervalMillis(), o.timeoutMillis(), o.rise(), o.fall())).containsExactly(500, 400, 1, 100);
        assertThat(o.settings()).containsEntry("expectStatus", "200,204,300-399").containsEntry("tlsVerify", "false")
            .doesNotContainKeys("host", "port", "interface", "command");
    }

    @Test
    void httpDefaultsAcceptTwoAndThreeHundredsAndVerifyTls() {
        MonitorOptions o = MonitorOptions.parse(Map.of("name", "web", "type", "http", "url", "http://127.0.0.1/"));

        assertThat(o.expectStatus()).hasToString("200-399");
        assertThat(o.bodyMatch()).isEmpty();
        assertThat(o.tlsVerify()).isTrue();
    }

    @Test
    void listsComeAsArraysFromMetatypeOrCommaSeparatedFromCfgFiles() {
        MonitorOptions fromArray = MonitorOptions.parse(Map.of("name", "c", "type", "command",
            "command", new String[] {"/usr/bin/check", "--quick"}));
        MonitorOptions fromText = MonitorOptions.parse(Map.of("name", "c", "type", "command",
            "command", " /usr/bin/check , --quick "));

        assertThat(fromArray.command()).containsExactly("/usr/bin/check", "--quick").isEqualTo(fromText.command());
        assertThat(fromText.target()).isEqualTo("/usr/bin/check --quick");
    }

    @Test
    void linkAndIpv6TcpTargetsReadForTheOperator() {
        assertThat(MonitorOptions.parse(Map.of("name", "l", "type", "link", "interface", "eth1")).target())
            .isEqualTo("eth1");
        assertThat(MonitorOptions.parse(Map.of("name", "t", "type", "tcp", "host", "[2001:db8::5]", "port", "80"))
            .target()).isEqualTo("[2001:db8::5]:80");
    }

    @Test
    void nameAndTypeAreRequired() {
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of()))
            .hasMessageStartingWith("configuration org.vireo.health.monitor refused: ")
            .hasMessageContaining("name is missing: expected 1-64 letters, digits, '.', '_' or '-'")
            .hasMessageContaining("type is missing: expected one of tcp, http, link, command");
    }

    @Test
    void everyBadValueIsNamedWithWhatIsAccepted() {
        Map<String, Object> raw = new HashMap<>(Map.of("name", "bad name", "type", "tcp", "host", "-x-",
            "port", "70000", "intervalMillis", "50", "timeoutMillis", "soon", "rise", "0", "fall", "101"));

        assertThatThrownBy(() -> MonitorOptions.parse(raw))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.health.monitor 'bad name' refused: ")
            .hasMessageContaining("name = 'bad name': expected 1-64 letters")
            .hasMessageContaining("host = '-x-': expected a host name or an IP address")
            .hasMessageContaining("port = 70000: expected 1-65535")
            .hasMessageContaining("intervalMillis = 50: expected 100-3600000")
            .hasMessageContaining("timeoutMillis = 'soon': expected a whole number, 1-3600000")
            .hasMessageContaining("rise = 0: expected 1-100")
            .hasMessageContaining("fall = 101: expected 1-100");
    }

    @Test
    void anUnknownTypeListsTheTypes() {
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "icmp")))
            .hasMessageContaining("type = 'icmp': expected one of tcp, http, link, command");
    }

    @Test
    void eachTypeRequiresItsTarget() {
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "tcp")))
            .hasMessageContaining("host is missing: expected a host name or an IP address")
            .hasMessageContaining("port is missing: expected 1-65535");
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "http")))
            .hasMessageContaining("url is missing: expected an http:// or https:// URL");
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "link")))
            .hasMessageContaining("interface is missing: expected an interface name");
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "command")))
            .hasMessageContaining("command is missing: expected the program and its arguments, run without a shell");
    }

    @Test
    void httpValuesAreChecked() {
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "http", "url", "ftp://origin/",
            "expectStatus", "200,99,399-300,abc", "bodyMatch", "(ok", "tlsVerify", "maybe")))
            .hasMessageContaining("url = 'ftp://origin/': expected an http:// or https:// URL with a host")
            .hasMessageContaining("expectStatus holds '99': expected HTTP status codes 100-599")
            .hasMessageContaining("expectStatus holds '399-300'")
            .hasMessageContaining("expectStatus holds 'abc'")
            .hasMessageContaining("bodyMatch = '(ok': expected a Java regular expression (Unclosed group")
            .hasMessageContaining("tlsVerify = 'maybe': expected true or false");
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "http", "url", "http://a b/")))
            .hasMessageContaining("url = 'http://a b/': expected an http:// or https:// URL with a host")
            .hasMessageContaining("(Illegal character in authority at index 7)");
    }

    @Test
    void interfaceNamesAreKernelNames() {
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "link", "interface", "..")))
            .hasMessageContaining("interface = '..': expected an interface name, 1-15 letters");
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "link",
            "interface", "a-very-long-interface")))
            .hasMessageContaining("interface = 'a-very-long-interface'");
    }

    @Test
    void theTimeoutMayNotExceedTheInterval() {
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "link", "interface", "lo",
            "intervalMillis", "500")))
            .hasMessageContaining("timeoutMillis = 1000 (the default): expected at most intervalMillis (500)");
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "link", "interface", "lo",
            "intervalMillis", "500", "timeoutMillis", "501")))
            .hasMessageContaining("timeoutMillis = 501: expected at most intervalMillis (500)");
    }

    @Test
    void keysOfAnotherTypeAreRefusedNotIgnored() {
        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", "a", "type", "http", "url", "http://o/",
            "port", "80", "command", new String[] {"true"})))
            .hasMessageContaining("port = '80': not a key of type http (it is one of tcp);"
                + " http reads url, expectStatus, bodyMatch, tlsVerify")
            .hasMessageContaining("command = 'true': not a key of type http (it is one of command)");
    }

    @Test
    void sameCheckIgnoresOnlyTimingRiseAndFall() {
        MonitorOptions a = MonitorOptions.parse(Map.of("name", "a", "type", "tcp", "host", "o", "port", "80"));
        MonitorOptions retuned = MonitorOptions.parse(Map.of("name", "a", "type", "tcp", "host", "o", "port", "80",
            "intervalMillis", "5000", "timeoutMillis", "3000", "rise", "5", "fall", "1"));
        MonitorOptions otherPort = MonitorOptions.parse(Map.of("name", "a", "type", "tcp", "host", "o", "port", "81"));

        assertThat(a.sameCheck(retuned)).isTrue();
        assertThat(a.sameCheck(otherPort)).isFalse();
        assertThat(a).isNotEqualTo(retuned);
    }

    @Test
    void aHugeNameIsRefusedWithABoundedMessage_thePeerThatSentItDoesNotChooseItsLength() {
        String name = "n".repeat(100_000);

        assertThatThrownBy(() -> MonitorOptions.parse(Map.of("name", name, "type", "link", "interface", "eth0")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.health.monitor 'nnnn")
            .hasMessageContaining("...' refused: name = 'nnn")
            .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(2 * ConfigErrors.MAX_CHARS));
    }
}
