package org.vireo.srv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.Message;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.Section;

import org.vireo.testkit.fuzz.Allocation;

/**
 * Fuzz target of what the SRV resolver makes of DNS answers ({@link SrvAnswers}), fed dnsjava messages parsed from the
 * input as a DNS server's answers arrive: up to three messages, each with a two-byte length before it (DNS over TCP's
 * framing, RFC 1035 4.2.2), the SRV answer, then the A and the AAAA answer of its first target.
 *
 * <p>Invariants: dnsjava refuses a malformed message with an {@link IOException} or an IllegalArgumentException
 * (InvalidTTLException: the first finding), which its Resolver.send hands the resolver as an IOException; the SRV answer is an error that names its rcode, a service decidedly absent only where its one SRV record is
 * ".", or targets: one per SRV record of the answer section that is not "." and names a host (labels of letters,
 * digits, '-' and '_'; the second finding, a label with an escaped dot; none: a failure that says so), named in lower
 * case without the root's
 * dot, whose RFC 2782 order keeps every one, by priority; the addresses are the A then the AAAA records of the answer
 * sections, all of them, or the A answer's error when there are none; nothing else escapes; all is deterministic and
 * allocates at most {@link #ALLOCATION_BASE} plus {@link #ALLOCATION_PER_BYTE} per message byte; and a message
 * dnsjava writes back to the wire gives the same answer. Seeds: SRV answers as dnsmasq sends them (several targets,
 * the "." of a service not offered, SERVFAIL, NXDOMAIN, a target that reads like an IP address), A and AAAA answers.
 */
class SrvAnswersFuzzTest {

    /** The records, their names as text, the lists. */
    static final long ALLOCATION_BASE = 64 * 1024;
    /** A name's byte becomes a char of its text, twice (as written and in lower case). */
    static final long ALLOCATION_PER_BYTE = 64;

    @FuzzTest
    void anyAnswerGivesCheckedTargetsAndAddressesOrAResolution(byte[] input) {
        List<Message> messages = new ArrayList<>();
        ByteBuffer in = ByteBuffer.wrap(input);
        while (messages.size() < 3 && in.remaining() >= 2) {
            byte[] wire = new byte[Math.min(in.getShort() & 0xFFFF, in.remaining())];
            in.get(wire);
            try {
                messages.add(new Message(wire));
            } catch (IOException | IllegalArgumentException refused) {
                // dnsjava's refusal: WireParseException, or InvalidTTLException (unchecked) for a TTL with the high bit
                // set (RFC 2181 8 would read it as 0); its Resolver.send, which the resolver calls, hands any failure
                // of a query as an IOException, so the resolver reports either as a failed lookup
                break;
            }
        }
        if (messages.isEmpty()) {
            return;
        }
        Message srv = messages.get(0);
        SrvAnswers.Srv answer = SrvAnswers.srv("cluster.test", "_vireo-proxy._tcp.cluster.test", srv);
        Allocation.Measured<SrvAnswers.Srv> measured = Allocation.of(() ->
            SrvAnswers.srv("cluster.test", "_vireo-proxy._tcp.cluster.test", srv));
        assertThat(measured.value()).isEqualTo(answer);
        assertThat(measured.bytes()).isLessThanOrEqualTo(ALLOCATION_BASE + ALLOCATION_PER_BYTE * input.length);
        checked(answer, srv);
        rewritten(srv).ifPresent(again -> assertThat(SrvAnswers.srv("cluster.test", "_vireo-proxy._tcp.cluster.test",
            again)).isEqualTo(answer));
        if (messages.size() == 3) {
            addresses(messages.get(1), messages.get(2));
        }
    }

    private static void checked(SrvAnswers.Srv answer, Message srv) {
        List<SRVRecord> srvRecords = srv.getSection(Section.ANSWER).stream()
            .filter(SRVRecord.class::isInstance).map(SRVRecord.class::cast).toList();
        long dots = srvRecords.stream().filter(r -> r.getTarget().labels() == 1).count();
        long hosts = srvRecords.stream().filter(r -> r.getTarget().labels() > 1 && hostName(r)).count();
        if (answer instanceof SrvAnswers.Final f) {
            if (f.resolution() instanceof Resolution.Failed failed && hosts == 0 && srvRecords.size() > dots
                && failed.detail().contains("names a host")) {
                assertThat(srv.getRcode()).isIn(Rcode.NOERROR, Rcode.NXDOMAIN);
            } else if (f.resolution() instanceof Resolution.Failed failed) {
                assertThat(srv.getRcode()).isNotIn(Rcode.NOERROR, Rcode.NXDOMAIN);
                assertThat(failed.detail()).contains(Rcode.string(srv.getRcode()));
            } else {
                assertThat(f.resolution()).isInstanceOf(Resolution.ServiceUnavailable.class);
                assertThat(srvRecords).hasSize(1);
                assertThat(dots).isOne();
            }
            return;
        }
        List<SrvRecord> records = ((SrvAnswers.Targets) answer).records();
        assertThat(srv.getRcode()).isIn(Rcode.NOERROR, Rcode.NXDOMAIN);
        assertThat(records).hasSize((int) hosts).allSatisfy(r -> {
            assertThat(r.target()).isNotEqualTo(".").doesNotEndWith(".").isEqualTo(r.target().toLowerCase(Locale.ROOT));
        });
        List<SrvRecord> ordered = SrvOrder.order(records, new SplittableRandom(records.size()));
        assertThat(ordered).containsExactlyInAnyOrderElementsOf(records)
            .isSortedAccordingTo((x, y) -> Integer.compare(x.priority(), y.priority()));
    }

    private static void addresses(Message a, Message aaaa) {
        int expected = 0;
        for (Message m : List.of(a, aaaa)) {
            expected += (int) m.getSection(Section.ANSWER).stream()
                .filter(r -> r instanceof ARecord || r instanceof AAAARecord).count();
        }
        try {
            List<InetAddress> out = SrvAnswers.addresses("n1.cluster.test", a, aaaa);
            assertThat(out).hasSize(expected);
            int firstV6 = (int) out.stream().takeWhile(Inet4Address.class::isInstance).count();
            assertThat(out.subList(firstV6, out.size())).noneMatch(Inet4Address.class::isInstance);
            assertThat(expected > 0 || a.getRcode() == Rcode.NOERROR).isTrue();
        } catch (SrvAnswers.Lookup e) {
            assertThat(expected).isZero();
            assertThat(a.getRcode()).isNotEqualTo(Rcode.NOERROR);
            assertThat(e.error).isEqualTo(SrvAnswers.error(a.getRcode()));
        }
    }

    /** A target that is a host name: every label letters, digits, '-' or '_' (what the resolver keeps). */
    private static boolean hostName(SRVRecord r) {
        for (int i = 0; i < r.getTarget().labels() - 1; i++) { // the last label is the root's, empty
            String label = r.getTarget().getLabelString(i);
            if (!label.chars().allMatch(c -> c < 128 && (Character.isLetterOrDigit(c) || c == '-' || c == '_'))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The message as dnsjava writes it and reads it back; empty where dnsjava cannot write a message it read (two
     * findings of this target in dnsjava 3.6.3's writers: a WKS record without services, ArrayIndexOutOfBoundsException
     * in WKSRecord.rrToWire, seed wks-record-without-services; an NSEC type bitmap, IllegalArgumentException "257 out
     * of range for 8 bit value" in TypeBitmap.mapToWire, seed nsec-type-bitmap). Only dnsjava's code runs in toWire,
     * and the resolver never writes an answer: the check is of what dnsjava can write back.
     */
    private static Optional<Message> rewritten(Message m) {
        byte[] wire;
        try {
            wire = m.toWire();
        } catch (RuntimeException dnsjavaWriter) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Message(wire));
        } catch (IOException e) {
            throw new AssertionError("dnsjava cannot read what it wrote: " + e.getMessage(), e);
        }
    }
}
