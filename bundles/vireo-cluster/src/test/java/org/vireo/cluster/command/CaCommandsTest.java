package org.vireo.cluster.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.cluster.internal.tls.CredentialsException;
import org.vireo.cluster.internal.tls.NodeCredentials;
import org.vireo.testkit.ShellOutput;

class CaCommandsTest {

    @TempDir
    Path etc;

    private String initCa(boolean force) throws Exception {
        InitCaCommand command = new InitCaCommand();
        command.name = "lab";
        command.dir = etc.resolve("ca").toString();
        command.force = force;
        return ShellOutput.of(command::execute);
    }

    private IssueCertCommand issueCert(String node) {
        IssueCertCommand command = new IssueCertCommand();
        command.node = node;
        command.dir = etc.resolve("ca").toString();
        return command;
    }

    @Test
    void initCaPrintsTheFilesTheFingerprintAndTheNextStep() throws Exception {
        String output = initCa(false);

        assertThat(output).contains("Cluster CA created for cluster 'lab'")
            .contains(etc.resolve("ca/ca.p12").toString()).contains(etc.resolve("ca/ca.password").toString())
            .contains(etc.resolve("ca/ca.crt").toString()).contains("CN=lab cluster CA, O=Vireo")
            .containsPattern("SHA-256 fingerprint: ([0-9A-F]{2}:){31}[0-9A-F]{2}")
            .contains("Next: issue a certificate for every node with cluster:issue-cert");
        assertThat(etc.resolve("ca/ca.p12")).exists();
    }

    @Test
    void initCaRefusesToReplaceTheCaWithoutForce() throws Exception {
        initCa(false);

        assertThatThrownBy(() -> initCa(false)).isInstanceOf(CredentialsException.class)
            .hasMessageContaining("already exists").hasMessageContaining("--force");
        assertThat(initCa(true)).contains("Cluster CA created");
    }

    @Test
    void issueCertPrintsTheGeneratedPasswordThatOpensTheFile() throws Exception {
        initCa(false);
        IssueCertCommand command = issueCert("n2");
        command.ips = List.of("10.0.0.2");
        command.dnsNames = List.of("n2.lab.example");

        String output = ShellOutput.of(command::execute);

        Path file = etc.resolve("n2.p12");
        assertThat(output).contains("Certificate issued for node 'n2'").contains("file:                " + file)
            .contains("names:               IP:10.0.0.2, DNS:n2, DNS:n2.lab.example")
            .containsPattern("SHA-256 fingerprint: ([0-9A-F]{2}:){31}[0-9A-F]{2}")
            .contains("Next: copy it to n2's etc/vireo/cluster/node.p12 and set keystorePassword in"
                + " etc/org.vireo.cluster.cfg");
        Matcher password = Pattern.compile("password: +([A-Za-z0-9_-]{24}) \\(generated").matcher(output);
        assertThat(password.find()).as("generated password shown in %s", output).isTrue();
        NodeCredentials credentials = NodeCredentials.load(file, password.group(1).toCharArray(), null, null,
            (p, r) -> { });
        assertThat(credentials.subject()).isEqualTo("CN=n2, O=Vireo");
        assertThat(output).contains(credentials.fingerprint());
    }

    @Test
    void issueCertWritesWhereToldWithTheGivenPassword() throws Exception {
        initCa(false);
        IssueCertCommand command = issueCert("n3");
        command.out = etc.resolve("out/node.p12").toString();
        command.password = "given-secret";

        String output = ShellOutput.of(command::execute);

        assertThat(output).contains("as given with --password").doesNotContain("given-secret");
        assertThat(Files.exists(etc.resolve("out/node.p12"))).isTrue();
        NodeCredentials.load(etc.resolve("out/node.p12"), "given-secret".toCharArray(), null, null, (p, r) -> { });
    }

    @Test
    void issueCertNamesWhatIsWrong() throws Exception {
        IssueCertCommand noCa = issueCert("n4");
        assertThatThrownBy(() -> ShellOutput.of(noCa::execute)).hasMessageContaining("no cluster CA in")
            .hasMessageContaining("cluster:init-ca");
        initCa(false);
        IssueCertCommand badIp = issueCert("n4");
        badIp.ips = List.of("10.0.0.256");
        assertThatThrownBy(() -> ShellOutput.of(badIp::execute)).hasMessageContaining("IP address '10.0.0.256'");
        IssueCertCommand badDays = issueCert("n4");
        badDays.validityDays = 0;
        assertThatThrownBy(() -> ShellOutput.of(badDays::execute)).hasMessageContaining("--validity-days 0");
    }
}
