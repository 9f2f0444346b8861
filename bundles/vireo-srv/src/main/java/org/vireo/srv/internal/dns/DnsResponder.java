package org.vireo.srv.internal.dns;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Header;
import org.xbill.DNS.Message;
import org.xbill.DNS.NSRecord;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Opcode;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * One query in, one response out (or none): the authoritative answer from a {@link DnsZone}, bytes to bytes. Pure:
 * no socket, no clock, no state; the transport only says how much a response may hold.
 *
 * <ul>
 * <li>Not a query worth answering (shorter than a header, or a response: answering those could loop two servers):
 *     dropped. A header that parses but a body that does not: FORMERR. An opcode other than QUERY: NOTIMP. Not
 *     exactly one question, or more than one OPT: FORMERR (RFC 6891 6.1.1).</li>
 * <li>EDNS(0) (RFC 6891): a query with OPT gets OPT back with this responder's payload size; version above 0:
 *     BADVERS. Over UDP a response longer than the client's payload (512 without OPT) is cut with TC set, for the
 *     client to ask again over TCP (RFC 7766).</li>
 * <li>A name outside the zone, a class other than IN, a zone transfer: REFUSED (no recursion, RA clear).</li>
 * <li>In the zone (AA set): the records of the type asked (ANY: all at the name), with the targets' A/AAAA (SRV) or
 *     the name servers' (NS) in the additional section; a name with none of that type: NODATA, a name that does not
 *     exist: NXDOMAIN, both with the SOA in the authority section, its TTL the lesser of its own and its minimum
 *     (RFC 2308 3).</li>
 * <li>RD and CD are copied from the query.</li>
 * </ul>
 */
public final class DnsResponder {

    /** How the query came: over UDP a response is cut to the client's payload; over TCP up to 65535 bytes. */
    public enum Transport { UDP, TCP }

    /** The largest DNS message without EDNS over UDP (RFC 1035 4.2.1). */
    static final int CLASSIC_UDP = 512;
    private static final int TCP_MAX = 65535;
    private static final int BADVERS = 16;

    /**
     * What became of a query.
     *
     * @param reply     the response's bytes; empty: dropped
     * @param rcode     its RCODE (extended: BADVERS is 16); -1 when dropped
     * @param truncated TC set (UDP, the answer did not fit)
     * @param why       for the log and counters when dropped or refused
     */
    public record Outcome(Optional<byte[]> reply, int rcode, boolean truncated, String why) {
        static Outcome dropped(String why) {
            return new Outcome(Optional.empty(), -1, false, why);
        }
    }

    private DnsResponder() {
    }

    /**
     * The response to {@code query}.
     *
     * @param maxUdpPayload the EDNS(0) payload this responder offers (512-4096)
     */
    public static Outcome respond(DnsZone zone, int maxUdpPayload, byte[] query, Transport transport) {
        if (query.length < Header.LENGTH) {
            return Outcome.dropped("shorter than a DNS header (" + query.length + " bytes)");
        }
        int id = (query[0] & 0xff) << 8 | query[1] & 0xff;
        int flags = (query[2] & 0xff) << 8 | query[3] & 0xff;
        if ((flags & 0x8000) != 0) {
            return Outcome.dropped("a response, not a query");
        }
        int opcode = flags >> 11 & 0xf;
        Message parsed;
        try {
            parsed = new Message(query);
        } catch (IOException | RuntimeException e) {
            Message r = reply(id, opcode, flags, Optional.empty());
            r.getHeader().setRcode(Rcode.FORMERR);
            return encode(r, CLASSIC_UDP, transport, "malformed: " + e.getMessage());
        }
        List<Record> questions = parsed.getSection(Section.QUESTION);
        Optional<Record> question = questions.size() == 1 ? Optional.of(questions.get(0)) : Optional.empty();
        Message r = reply(id, opcode, flags, question);
        OPTRecord opt = parsed.getOPT();
        int udpLimit = opt == null ? CLASSIC_UDP : Math.max(CLASSIC_UDP, Math.min(opt.getPayloadSize(),
            maxUdpPayload));
        if (opcode != Opcode.QUERY) {
            r.getHeader().setRcode(Rcode.NOTIMP);
            return encode(r, udpLimit, transport, "opcode " + Opcode.string(opcode) + " not implemented");
        }
        long opts = parsed.getSection(Section.ADDITIONAL).stream().filter(x -> x.getType() == Type.OPT).count();
        if (question.isEmpty() || opts > 1) {
            r.getHeader().setRcode(Rcode.FORMERR);
            return encode(r, udpLimit, transport, questions.size() + " questions, " + opts + " OPT records");
        }
        if (opt != null) {
            if (opt.getVersion() > 0) { // RFC 6891 6.1.3: BADVERS, with the highest version we do
                r.addRecord(new OPTRecord(maxUdpPayload, BADVERS >>> 4, 0), Section.ADDITIONAL);
                return encode(r, udpLimit, transport, "EDNS version " + opt.getVersion());
            }
            r.addRecord(new OPTRecord(maxUdpPayload, 0, 0), Section.ADDITIONAL);
        }
        return encode(answer(zone, question.get(), r), udpLimit, transport, "");
    }

    private static Message reply(int id, int opcode, int queryFlags, Optional<Record> question) {
        Message r = new Message(id);
        Header h = r.getHeader();
        h.setFlag(Flags.QR);
        h.setOpcode(opcode);
        if ((queryFlags & 0x0100) != 0) {
            h.setFlag(Flags.RD);
        }
        if ((queryFlags & 0x0010) != 0) {
            h.setFlag(Flags.CD);
        }
        question.ifPresent(q -> r.addRecord(q, Section.QUESTION));
        return r;
    }

    private static Message answer(DnsZone zone, Record q, Message r) {
        int type = q.getType();
        if (!zone.contains(q.getName()) || q.getDClass() != DClass.IN && q.getDClass() != DClass.ANY
            || type == Type.AXFR || type == Type.IXFR) {
            r.getHeader().setRcode(Rcode.REFUSED);
            return r;
        }
        if (type == Type.OPT || type == Type.TSIG || type == Type.TKEY) {
            r.getHeader().setRcode(Rcode.FORMERR);
            return r;
        }
        r.getHeader().setFlag(Flags.AA);
        Optional<List<Record>> at = zone.at(q.getName());
        List<Record> matching = at.orElse(List.of()).stream()
            .filter(x -> type == Type.ANY || x.getType() == type).toList();
        if (matching.isEmpty()) {
            r.getHeader().setRcode(at.isEmpty() ? Rcode.NXDOMAIN : Rcode.NOERROR);
            r.addRecord(negative(zone.soa()), Section.AUTHORITY);
            return r;
        }
        matching.forEach(x -> r.addRecord(x, Section.ANSWER));
        additional(zone, matching).forEach(x -> r.addRecord(x, Section.ADDITIONAL));
        return r;
    }

    /** The A/AAAA of the SRV targets and in-zone name servers answered, each once. */
    private static List<Record> additional(DnsZone zone, List<Record> answered) {
        List<Record> out = new ArrayList<>();
        for (Record x : answered) {
            Optional.ofNullable(x instanceof SRVRecord s ? s.getTarget() : x instanceof NSRecord n ? n.getTarget()
                : null).filter(zone::contains).flatMap(zone::at).ifPresent(rs -> rs.stream()
                    .filter(a -> (a.getType() == Type.A || a.getType() == Type.AAAA) && !out.contains(a))
                    .forEach(out::add));
        }
        return out;
    }

    /** The SOA as a negative answer carries it: its TTL the lesser of its own and its minimum (RFC 2308 3). */
    private static SOARecord negative(SOARecord soa) {
        return new SOARecord(soa.getName(), DClass.IN, Math.min(soa.getTTL(), soa.getMinimum()), soa.getHost(),
            soa.getAdmin(), soa.getSerial(), soa.getRefresh(), soa.getRetry(), soa.getExpire(), soa.getMinimum());
    }

    private static Outcome encode(Message r, int udpLimit, Transport transport, String why) {
        byte[] wire = r.toWire(transport == Transport.TCP ? TCP_MAX : udpLimit);
        boolean truncated = (wire[2] & 0x02) != 0;
        int rcode = r.getRcode();
        return new Outcome(Optional.of(wire), rcode, truncated, why);
    }
}
