package org.vireo.api.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.api.ServerCertificate;

/** Where HTTPS goes and what Pax Web is told, on values. */
class HttpsPlanTest {

    private static final Path XML = Path.of("/opt/vireo/etc/vireo/api/jetty-https.xml");
    private static final Map<String, Object> SHIPPED = Map.of("org.osgi.service.http.port", "8181",
        "org.ops4j.pax.web.listening.addresses", "127.0.0.1", "org.osgi.service.http.secure.enabled", "false");

    @Test
    void httpsGoesToTheManagementAddressUnlessAnotherIsConfigured() {
        assertThat(address(Map.of(), Optional.of("10.0.0.5"))).contains("10.0.0.5");
        assertThat(address(Map.of("httpsAddress", "10.0.0.9"), Optional.of("10.0.0.5"))).contains("10.0.0.9");
    }

    @Test
    void httpsIsOffAndSaysWhyWithoutAnAddressOnPortZeroOrWherePlainHttpListens() {
        assertThat(why(Map.of(), Optional.empty())).contains("set managementAddress in etc/org.vireo.node.cfg");
        assertThat(why(Map.of("httpsPort", "0"), Optional.of("10.0.0.5"))).contains("httpsPort = 0");
        assertThat(why(Map.of(), Optional.of("127.0.0.1"))).contains("is where plain HTTP listens");
        Map<String, Object> foreignXml = new java.util.HashMap<>(SHIPPED);
        foreignXml.put("org.ops4j.pax.web.config.file", "/opt/karaf/etc/jetty.xml");
        assertThat(HttpsPlan.address(WebOptions.parse(Map.of()), Optional.of("10.0.0.5"), foreignXml).why())
            .contains("names a Jetty XML of its own (/opt/karaf/etc/jetty.xml)");
    }

    @Test
    void onAddsTheListenerToPaxWebAndOffTakesOnlyItAway() throws Exception {
        HttpsPlan.On on = on("10.0.0.5", "AA:BB");

        Map<String, Object> withHttps = HttpsPlan.paxWebProperties(SHIPPED, on, XML, "r1");

        assertThat(withHttps).containsAllEntriesOf(SHIPPED).containsEntry("org.ops4j.pax.web.config.file",
            XML.toString()).containsEntry("vireo.https.host", "10.0.0.5").containsEntry("vireo.https.port", "8443")
            .containsEntry("vireo.https.revision", "r1");
        assertThat(withHttps.values()).as("no secret in Pax Web's PID, whose file all may read")
            .doesNotContain("pw");
        assertThat(HttpsPlan.changes(SHIPPED, withHttps)).isTrue();
        assertThat(HttpsPlan.changes(withHttps, HttpsPlan.paxWebProperties(withHttps, on, XML, "r1")))
            .as("no restart").isFalse();
        assertThat(HttpsPlan.changes(withHttps, HttpsPlan.paxWebProperties(withHttps, on, XML, "r2")))
            .as("a new Jetty XML").isTrue();
        assertThat(HttpsPlan.runningAt(withHttps, on)).isTrue();
        assertThat(HttpsPlan.runningAt(withHttps, on("10.0.0.6", "AA:BB"))).isFalse();

        Map<String, Object> off = HttpsPlan.paxWebProperties(withHttps, new HttpsPlan.Off("x"), XML, "");
        assertThat(off).isEqualTo(SHIPPED);
    }

    @Test
    void theJettyXmlHoldsTheValuesEscapedAndChangesWithTheCertificate() throws Exception {
        String template = "<Set name=\"host\">@HOST@</Set><Set name=\"port\">@PORT@</Set>@KEYSTORE@|@PASSWORD@"
            + "<!-- @FINGERPRINT@ -->";
        HttpsPlan.On on = new HttpsPlan.On(InetAddress.getByName("10.0.0.5"), 8443, Path.of("/k&<.p12"), "p\"w'<>&",
            on("10.0.0.5", "AA:BB").certificate());

        String xml = HttpsPlan.jettyXml(template, on);

        assertThat(xml).isEqualTo("<Set name=\"host\">10.0.0.5</Set><Set name=\"port\">8443</Set>/k&amp;&lt;.p12|"
            + "p&quot;w&apos;&lt;&gt;&amp;<!-- AA:BB -->");
        assertThat(HttpsPlan.revision(xml)).matches("[0-9a-f]{64}")
            .isNotEqualTo(HttpsPlan.revision(HttpsPlan.jettyXml(template, on("10.0.0.5", "CC:DD"))));
    }

    @Test
    void theShippedTemplateLeavesNoPlaceholder() throws Exception {
        String template;
        try (var in = HttpsListener.class.getResourceAsStream("jetty-https.xml")) {
            template = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        assertThat(HttpsPlan.jettyXml(template, on("10.0.0.5", "AA:BB"))).doesNotContain("@")
            .contains("<Set name=\"host\">10.0.0.5</Set>");
    }

    @Test
    void anOperatorsOwnJettyXmlIsLeftAlone() {
        Map<String, Object> own = new java.util.HashMap<>(SHIPPED);
        own.put("org.ops4j.pax.web.config.file", "/opt/karaf/etc/jetty.xml");

        assertThat(HttpsPlan.paxWebProperties(own, new HttpsPlan.Off("x"), XML, "")).isEqualTo(own);
    }

    private static Optional<String> address(Map<String, String> options, Optional<String> management) {
        return HttpsPlan.address(WebOptions.parse(options), management, SHIPPED).value()
            .map(InetAddress::getHostAddress);
    }

    private static String why(Map<String, String> options, Optional<String> management) {
        HttpsPlan.Result<InetAddress> r = HttpsPlan.address(WebOptions.parse(options), management, SHIPPED);
        assertThat(r.value()).isEmpty();
        return r.why();
    }

    private static HttpsPlan.On on(String host, String fingerprint) throws Exception {
        ServerCertificate cert = new ServerCertificate("CN=n1", "CN=n1", List.of("IP:" + host), fingerprint,
            Instant.EPOCH, Instant.EPOCH.plusSeconds(60), true, true);
        return new HttpsPlan.On(InetAddress.getByName(host), 8443, Path.of("/k.p12"), "pw", cert);
    }
}
