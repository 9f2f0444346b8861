package org.vireo.srv.internal.dns;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.testing.FixedRegistry;
import org.vireo.config.internal.PortRegistry;
import org.vireo.srv.internal.dns.DnsResponder.Transport;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.SimpleResolver;
import org.xbill.DNS.Type;

/** The component with a registry of fixed nodes and this node's port registry, its responder on loopback. */
class DnsComponentTest {

    private final List<ClusterNode> nodes = new CopyOnWriteArrayList<>(List.of(
        DnsResponderTest.node("n1", "scanner", 0.2), DnsResponderTest.node("n2", "scanner", 0.4)));
    private final DnsComponent component = new DnsComponent();

    DnsComponentTest() {
        component.registry = new FixedRegistry(nodes);
        component.ports = new PortRegistry();
    }

    @AfterEach
    void stop() {
        component.deactivate();
    }

    private static Map<String, Object> config(int port, String... more) {
        Map<String, Object> c = new HashMap<>(Map.of("enabled", "true", "zone", "vpn.example.com", "port",
            String.valueOf(port), "bindAddresses", "127.0.0.1"));
        for (int i = 0; i < more.length; i += 2) {
            c.put(more[i], more[i + 1]);
        }
        return c;
    }

    private static Message ask(int port, String name, int type) throws IOException {
        SimpleResolver r = new SimpleResolver(InetAddress.getLoopbackAddress());
        r.setPort(port);
        r.setTimeout(Duration.ofSeconds(2));
        return r.send(Message.newQuery(Record.newRecord(Name.fromString(name), type, DClass.IN)));
    }

    private static int freePort() throws IOException {
        for (int i = 0; i < 50; i++) {
            try (ServerSocket tcp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                 DatagramSocket udp = new DatagramSocket(tcp.getLocalPort(), InetAddress.getLoopbackAddress())) {
                return tcp.getLocalPort();
            } catch (IOException e) {
                // taken for UDP: another
            }
        }
        throw new IOException("no free port for TCP and UDP");
    }

    @Test
    void itAnswersFromTheRegistryAndOffersItsServiceWhileItListens() throws Exception {
        int port = freePort();
        component.activate(config(port));
        Message m = ask(port, "_vireo-proxy._tcp.vpn.example.com.", Type.SRV);
        assertThat(m.getSection(Section.ANSWER)).hasSize(2);
        assertThat(component.services()).containsEntry(DnsZone.DNS_SERVICE, "dns://127.0.0.1:" + port);
        nodes.set(1, DnsResponderTest.stale(nodes.get(1)));
        assertThat(ask(port, "_vireo-proxy._tcp.vpn.example.com.", Type.SRV).getSection(Section.ANSWER))
            .as("the registry as it is at the query").hasSize(1);
        assertThat(component.status().counters()).containsEntry("noerror", 2L).containsEntry("udp", 2L);
    }

    @Test
    void aChangeAppliesToTheNextQueryAndANewPortRebinds() throws Exception {
        int port = freePort();
        component.activate(config(port));
        component.modified(config(port, "ttl", "30"));
        assertThat(ask(port, "n1.vpn.example.com.", Type.A).getSection(Section.ANSWER).get(0).getTTL()).isEqualTo(30);
        int next = freePort();
        component.modified(config(next, "ttl", "30"));
        assertThat(ask(next, "n1.vpn.example.com.", Type.A).getSection(Section.ANSWER)).hasSize(1);
        assertThat(component.status().listening()).singleElement()
            .satisfies(a -> assertThat(a.getPort()).isEqualTo(next));
        assertThat(component.ports.held()).containsKey("org.vireo.srv.dns");
    }

    @Test
    void aRefusedChangeKeepsTheLastGoodConfiguration() throws Exception {
        int port = freePort();
        component.activate(config(port, "ttl", "7"));
        component.modified(config(port, "ttl", "0"));
        assertThat(component.status().problem()).hasValueSatisfying(p -> assertThat(p).contains("ttl = 0"));
        assertThat(ask(port, "n1.vpn.example.com.", Type.A).getSection(Section.ANSWER).get(0).getTTL()).isEqualTo(7);
    }

    @Test
    void turnedOffItStopsListeningAndOffersNothing() throws Exception {
        int port = freePort();
        component.activate(config(port));
        component.modified(config(port, "enabled", "false"));
        assertThat(component.status().listening()).isEmpty();
        assertThat(component.services()).isEmpty();
    }

    @Test
    void aClientOverItsRateIsDroppedAndCounted() throws Exception {
        component.activate(config(freePort(), "rateLimit", "1", "rateBurst", "2"));
        byte[] q = Message.newQuery(Record.newRecord(Name.fromString("n1.vpn.example.com."), Type.A, DClass.IN))
            .toWire();
        InetAddress client = InetAddress.getByName("192.0.2.9");
        assertThat(component.handle(q, client, Transport.UDP)).isPresent();
        assertThat(component.handle(q, client, Transport.TCP)).isPresent();
        assertThat(component.handle(q, client, Transport.UDP)).isEmpty();
        assertThat(component.handle(q, InetAddress.getByName("192.0.2.10"), Transport.UDP)).isPresent();
        assertThat(component.status().counters()).containsEntry("rate-limited", 1L);
    }
}
