package org.vireo.vip.internal.frame;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Loads the keepalived capture and the facts stated in its tshark decode text. */
final class Fixtures {

    static final String PCAP = "/fixtures/vrrp/keepalived-vrrpv3.pcap";
    static final String DECODE = "/fixtures/vrrp/keepalived-advert.txt";

    /** One line of the decode's "capture summary": src/dst are IPs for VRRP, MACs for ARP. */
    record SummaryLine(int number, String src, String dst, String protocol, int length, String info) {
    }

    private static final Pattern SUMMARY =
            Pattern.compile("^\\s*(\\d+)\\s+[\\d.]+\\s+(\\S+) \u2192 (\\S+)\\s+(VRRP|ARP)\\s+(\\d+)\\s+(.*)$");
    private static final Pattern FRAME_SECTION = Pattern.compile("^## frame (\\d+):.*");
    private static final Pattern HEX_LINE = Pattern.compile("^[0-9a-f]{4}  ((?:[0-9a-f]{2} )+).*");

    private Fixtures() {
    }

    static List<Pcap.Packet> packets() {
        return Pcap.read(resource(PCAP));
    }

    static List<String> decodeLines() {
        return new String(resource(DECODE), StandardCharsets.UTF_8).lines().toList();
    }

    static List<SummaryLine> summary() {
        List<SummaryLine> lines = new ArrayList<>();
        for (String line : decodeLines()) {
            Matcher m = SUMMARY.matcher(line);
            if (m.matches()) {
                lines.add(new SummaryLine(Integer.parseInt(m.group(1)), m.group(2), m.group(3), m.group(4),
                        Integer.parseInt(m.group(5)), m.group(6)));
            }
        }
        return lines;
    }

    /** The hex dumps under "## frame N" headings, keyed by frame number. */
    static Map<Integer, byte[]> hexDumps() {
        Map<Integer, StringBuilder> hex = new HashMap<>();
        Integer current = null;
        for (String line : decodeLines()) {
            Matcher section = FRAME_SECTION.matcher(line);
            Matcher bytes = HEX_LINE.matcher(line);
            if (section.matches()) {
                current = Integer.parseInt(section.group(1));
            } else if (current != null && bytes.matches()) {
                hex.computeIfAbsent(current, k -> new StringBuilder()).append(bytes.group(1).replace(" ", ""));
            }
        }
        Map<Integer, byte[]> dumps = new HashMap<>();
        hex.forEach((frame, sb) -> dumps.put(frame, TestBytes.hex(sb.toString())));
        return dumps;
    }

    private static byte[] resource(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
