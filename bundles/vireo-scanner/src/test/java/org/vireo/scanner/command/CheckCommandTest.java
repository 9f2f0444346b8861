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
import org.vireo.scanner.internal.rules.ActivatedRules;

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
            + " CONNECT host:443)");
        assertThatThrownBy(command("http://example.com/", "127.0.0.1", "CONNECT")::execute).hasMessage("url 'http://example.com/': CONNECT needs host:port (such as"
            + " example.com:443 or [2001:db8::1]:443)");
        assertThatThrownBy(command("http://example.com/", "127.0.0.1", "GE T")::execute).hasMessage("--method 'GE T': expected a method name such as GET, POST"
            + " or CONNECT");
    }
}
