package org.vireo.scanner.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.rules.internal.ActivatedRules;
import org.vireo.testkit.ShellOutput;

class CheckCommandTest {

    private static final String RULES = """
        rule lab allow client 10.1.0.0/16
        rule ads block "advertising" domain ads.example
        rule tls-only block "only 443" method CONNECT port 1-442,444-65535
        default block "not on the list"
        """;

    @TempDir
    Path folder;

    private ActivatedRules rules;

    @BeforeEach
    void start() throws IOException {
        Path file = folder.resolve("rules.conf");
        Files.writeString(file, RULES);
        rules = new ActivatedRules(file);
    }

    @AfterEach
    void stop() {
        rules.close();
    }

    private CheckCommand command(String url, String client, String method) {
        CheckCommand command = new CheckCommand();
        command.rules = rules.component();
        command.url = url;
        command.client = client;
        command.method = method;
        return command;
    }

    private String check(String url, String client, String method) throws Exception {
        return ShellOutput.of(command(url, client, method)::execute);
    }

    @Test
    void anAllowedRequestNamesTheRuleThatAllowedIt() throws Exception {
        assertThat(check("http://ADS.example./x?y=1", "10.1.2.3", null))
            .contains("request: GET http://ads.example/x?y=1 from 10.1.2.3 (host ads.example, port 80)")
            .contains("verdict: allow (rule lab)")
            .contains("  rule lab (line 1): matched: allow");
    }

    @Test
    void aBlockedRequestShowsTheRulesTriedAndTheReason() throws Exception {
        assertThat(check("http://www.ads.example:8080/banner.js", "127.0.0.1", null))
            .contains("request: GET http://www.ads.example:8080/banner.js from 127.0.0.1")
            .contains("verdict: block (rule ads): advertising")
            .contains("  rule lab (line 1): client 10.1.0.0/16 did not match")
            .contains("  rule ads (line 2): matched: block \"advertising\"");
    }

    @Test
    void aRequestNoRuleMatchesGetsTheDefault() throws Exception {
        assertThat(check("http://example.com/", "127.0.0.1", "post"))
            .contains("request: POST http://example.com/ from 127.0.0.1")
            .contains("verdict: block (the default): not on the list")
            .contains("  rule ads (line 2): domain ads.example did not match")
            .contains("  no rule matched: default block \"not on the list\"");
    }

    @Test
    void hostAndPortIsCheckedAsAConnectTunnel() throws Exception {
        assertThat(check("Example.com:8443", "127.0.0.1", null))
            .contains("request: CONNECT example.com:8443 from 127.0.0.1 (host example.com, port 8443)")
            .contains("verdict: block (rule tls-only): only 443");
    }

    @Test
    void aClientThatIsNotAnAddressIsRefusedSayingWhatIsAccepted() throws Exception {
        assertThatThrownBy(command("http://example.com/", "localhost", null)::execute).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("--client 'localhost': expected an IPv4 or IPv6 address literal such as 10.1.2.3 or "
                + "2001:db8::1");
    }

    @Test
    void aTargetTheProxyWouldRefuseIsRefusedSayingWhatIsAccepted() throws Exception {
        assertThatThrownBy(command("https://example.com/", "127.0.0.1", null)::execute).hasMessage("url 'https://example.com/': GET"
            + " needs an absolute http URL such as http://example.com/path (https:// URLs reach the proxy as"
            + " CONNECT host:443), or for GET and HEAD an ftp URL such as ftp://example.com/file");
        assertThatThrownBy(command("http://example.com/", "127.0.0.1", "CONNECT")::execute).hasMessage("url 'http://example.com/': CONNECT needs host:port (such as"
            + " example.com:443 or [2001:db8::1]:443)");
        assertThatThrownBy(command("http://example.com/", "127.0.0.1", "GE T")::execute).hasMessage("--method 'GE T': expected a method name such as GET, POST"
            + " or CONNECT");
    }

    @Test
    void aDestinationRuleWaitsForTheAddressAndTheProtectedDestinationsAreShown() throws Exception {
        Path file = folder.resolve("intranet/rules.conf");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
            rule metadata allow destination 169.254.169.254
            rule intranet allow destination 10.20.0.0/16
            rule local    allow client 10.0.0.0/8
            default block "no"
            """);
        try (ActivatedRules intranet = new ActivatedRules(file)) {
            CheckCommand name = command("http://wiki.intranet.example/", "10.1.2.3", null);
            name.rules = intranet.component();
            CheckCommand resolved = command("http://wiki.intranet.example/", "10.1.2.3", null);
            resolved.rules = intranet.component();
            resolved.destination = "10.20.1.1";
            CheckCommand loopback = command("http://127.0.0.1:8181/system/console", "10.1.2.3", null);
            loopback.rules = intranet.component();
            CheckCommand metadata = command("http://169.254.169.254/latest/", "10.1.2.3", null);
            metadata.rules = intranet.component();

            assertThat(ShellOutput.of(name::execute)).contains("verdict: depends on the destination address (rule "
                + "metadata has a destination condition): give the address with --destination");
            assertThat(ShellOutput.of(resolved::execute))
                .contains("(host wiki.intranet.example, port 80, destination 10.20.1.1)")
                .contains("verdict: allow (rule intranet)")
                .contains("  destination 10.20.1.1: not a protected destination");
            assertThat(ShellOutput.of(loopback::execute))
                .contains("verdict: block (rule destination:loopback): 127.0.0.1 is this node's loopback")
                .contains("  rule local (line 3): matched: allow")
                .contains("  destination 127.0.0.1: this node's loopback (127.0.0.0/8): refused: only a rule "
                    + "allowing it with a destination condition within 127.0.0.0/8 opens it");
            assertThat(ShellOutput.of(metadata::execute)).contains("verdict: allow (rule metadata)")
                .contains("  destination 169.254.169.254: a cloud metadata address (169.254.169.254/32): allowed by "
                    + "rule metadata, whose destination 169.254.169.254/32 lies within it");
        }
    }

    @Test
    void aNumericHostTheProxyRefusesAndABadDestinationAreNamed() {
        CheckCommand numeric = command("http://2130706433/", "10.1.2.3", null);
        CheckCommand badDestination = command("http://a.example/", "10.1.2.3", null);
        badDestination.destination = "a.example";

        assertThatThrownBy(numeric::execute).hasMessageStartingWith("url 'http://2130706433/': the proxy answers "
            + "400: the host '2130706433' is a number but not an IPv4 address");
        assertThatThrownBy(badDestination::execute).hasMessageStartingWith("--destination 'a.example': expected an "
            + "IPv4 or IPv6 address literal");
    }
}
