package org.vireo.srv;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/** The resolver against a scripted DNS server, for the answers dnsmasq does not give: SERVFAIL, IP-like names. */
class SrvResolverAnswersTest {

    @Test
    void aServfailForTheSrvQueryIsToldAsSuch() throws Exception {
        try (ScriptedDns dns = new ScriptedDns(q -> reply(q, Rcode.SERVFAIL))) {
            Resolution r = resolver(dns).resolve("broken.test");

            assertThat(r).isInstanceOfSatisfying(Resolution.Failed.class, f -> {
                assertThat(f.error()).isEqualTo(Resolution.DnsError.SERVFAIL);
                assertThat(f.name()).isEqualTo("_vireo-proxy._tcp.broken.test");
                assertThat(f.detail()).isEqualTo("SRV query answered SERVFAIL");
            });
        }
    }

    @Test
    void aTargetWhoseLookupFailsStaysACandidateWithoutAddressesAndTheOthersResolve() throws Exception {
        try (ScriptedDns dns = new ScriptedDns(q -> switch (q.getQuestion().getType()) {
            case Type.SRV -> reply(q, Rcode.NOERROR, srv(q, 10, "down.broken.test"), srv(q, 20, "up.broken.test"));
            case Type.A -> q.getQuestion().getName().toString().startsWith("down")
                ? reply(q, Rcode.SERVFAIL) : reply(q, Rcode.NOERROR, a(q, "192.0.2.20"));
            default -> reply(q, Rcode.NOERROR);
        })) {
            Resolution.Candidates c = (Resolution.Candidates) resolver(dns).resolve("broken.test");

            assertThat(c.candidates()).extracting(Resolution.Candidate::host)
                .containsExactly("down.broken.test", "up.broken.test");
            assertThat(c.candidates().get(0).addresses()).isEmpty();
            assertThat(c.candidates().get(1).addresses()).containsExactly(InetAddress.getByName("192.0.2.20"));
        }
    }

    /**
     * RFC 2782: the target is "the domain name of the target host" with address records of its own; a target that
     * reads like an IP address is a name of four labels, looked up like any other, never taken as the address.
     */
    @Test
    void anSrvTargetThatLooksLikeAnIpAddressIsLookedUpAsAName() throws Exception {
        try (ScriptedDns dns = new ScriptedDns(q -> switch (q.getQuestion().getType()) {
            case Type.SRV -> reply(q, Rcode.NOERROR, srv(q, 10, "10.0.0.5"), srv(q, 20, "10.0.0.6"));
            case Type.A -> q.getQuestion().getName().toString().equals("10.0.0.5.")
                ? reply(q, Rcode.NOERROR, a(q, "192.0.2.77")) : reply(q, Rcode.NXDOMAIN);
            default -> reply(q, Rcode.NOERROR);
        })) {
            Resolution.Candidates c = (Resolution.Candidates) resolver(dns).resolve("iplike.test");

            assertThat(c.source()).isEqualTo(Resolution.Source.SRV);
            assertThat(c.candidates()).extracting(Resolution.Candidate::host).containsExactly("10.0.0.5", "10.0.0.6");
            assertThat(c.candidates().get(0).addresses()).as("the name's A record, not the name read as an address")
                .containsExactly(InetAddress.getByName("192.0.2.77"));
            assertThat(c.candidates().get(1).addresses()).as("a name without addresses has none").isEmpty();
        }
    }

    /**
     * A target is looked up and shown to the operator (srv:resolve, the client tool): one that is not a host name (here a
     * label with a dot in it, which dnsjava writes escaped) is dropped, and with no other the lookup fails saying why.
     */
    @Test
    void anSrvTargetThatIsNotAHostNameIsDropped_andWithNoOtherTheLookupFailsSayingWhy() throws Exception {
        try (ScriptedDns dns = new ScriptedDns(q -> switch (q.getQuestion().getType()) {
            case Type.SRV -> q.getQuestion().getName().toString().contains("mixed")
                ? reply(q, Rcode.NOERROR, srv(q, 10, "evil\\.test/x"), srv(q, 20, "good.mixed.test"))
                : reply(q, Rcode.NOERROR, srv(q, 10, "evil\\.test/x"));
            case Type.A -> reply(q, Rcode.NOERROR, a(q, "192.0.2.30"));
            default -> reply(q, Rcode.NOERROR);
        })) {
            Resolution.Candidates mixed = (Resolution.Candidates) resolver(dns).resolve("mixed.test");
            assertThat(mixed.candidates()).extracting(Resolution.Candidate::host).containsExactly("good.mixed.test");

            assertThat(resolver(dns).resolve("bad.test")).isInstanceOfSatisfying(Resolution.Failed.class, f -> {
                assertThat(f.name()).isEqualTo("_vireo-proxy._tcp.bad.test");
                assertThat(f.detail()).isEqualTo("no SRV record of _vireo-proxy._tcp.bad.test names a host:"
                    + " 'evil\\.test/x' is not a host name (labels of letters, digits, '-' and '_')");
            });
        }
    }

    private static SrvResolver resolver(ScriptedDns dns) {
        return new SrvResolver(new SrvResolver.Settings(List.of(dns.address()), Duration.ofSeconds(2), 1, true,
            "_vireo-proxy._tcp", 443), new SplittableRandom(3));
    }

    private static Message reply(Message query, int rcode, Record... answers) {
        Message m = new Message(query.getHeader().getID());
        m.getHeader().setFlag(Flags.QR);
        m.getHeader().setFlag(Flags.AA);
        m.getHeader().setRcode(rcode);
        m.addRecord(query.getQuestion(), Section.QUESTION);
        for (Record r : answers) {
            m.addRecord(r, Section.ANSWER);
        }
        return m;
    }

    private static Record srv(Message query, int priority, String target) {
        try {
            return new SRVRecord(query.getQuestion().getName(), DClass.IN, 60, priority, 0, 3128,
                Name.fromString(target + "."));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static Record a(Message query, String address) {
        try {
            return new ARecord(query.getQuestion().getName(), DClass.IN, 60, InetAddress.getByName(address));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
