package org.vireo.vrrp.internal.packet;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the reference decode (tshark text) that accompanies the keepalived capture. */
final class KeepalivedDecodeText {

    /** A VRRP line of the capture summary. */
    record SummaryRow(int frame, String source, String destination) {
    }

    private static final Pattern SUMMARY_VRRP =
            Pattern.compile("^\\s+(\\d+)\\s+[\\d.]+\\s+(\\S+) \\u2192 (\\S+)\\s+VRRP\\s.*$");
    private static final Pattern SECTION = Pattern.compile("^## frame (\\d+):.*$");
    private static final Pattern HEX_LINE = Pattern.compile("^[0-9a-f]{4}  ((?:[0-9a-f]{2} )*[0-9a-f]{2})\\s.*$");
    private static final Map<String, Pattern> FIELDS = Map.ofEntries(
            Map.entry("ttl", Pattern.compile("^\\s*Time to Live: (\\d+)$")),
            Map.entry("source", Pattern.compile("^\\s*Source Address: (\\S+)$")),
            Map.entry("destination", Pattern.compile("^\\s*Destination Address: (\\S+)$")),
            Map.entry("version", Pattern.compile("^.*= VRRP protocol version: (\\d+)$")),
            Map.entry("type", Pattern.compile("^.*= VRRP packet type: \\D*\\((\\d+)\\)$")),
            Map.entry("vrid", Pattern.compile("^\\s*Virtual Rtr ID: (\\d+)$")),
            Map.entry("priority", Pattern.compile("^\\s*Priority: (\\d+).*$")),
            Map.entry("count", Pattern.compile("^\\s*Addr Count: (\\d+)$")),
            Map.entry("interval", Pattern.compile("^.*= Adver Int: (\\d+)$")),
            Map.entry("checksum", Pattern.compile("^\\s*Checksum: 0x([0-9a-f]{4}) \\[correct\\]$")),
            Map.entry("address", Pattern.compile("^\\s*IP Address: (\\S+)$")));

    private final List<SummaryRow> vrrpRows = new ArrayList<>();
    private final Map<Integer, Map<String, String>> fields = new HashMap<>();
    private final Map<Integer, ByteArrayOutputStream> hex = new HashMap<>();

    KeepalivedDecodeText(String text) {
        Integer section = null;
        for (String line : text.split("\n")) {
            Matcher summary = SUMMARY_VRRP.matcher(line);
            Matcher header = SECTION.matcher(line);
            Matcher hexLine = HEX_LINE.matcher(line);
            if (summary.matches()) {
                vrrpRows.add(new SummaryRow(Integer.parseInt(summary.group(1)), summary.group(2), summary.group(3)));
            } else if (header.matches()) {
                section = Integer.valueOf(header.group(1));
            } else if (line.startsWith("## ")) {
                section = null;
            } else if (section != null && hexLine.matches()) {
                ByteArrayOutputStream bytes = hex.computeIfAbsent(section, s -> new ByteArrayOutputStream());
                for (String b : hexLine.group(1).split(" ")) {
                    bytes.write(Integer.parseInt(b, 16));
                }
            } else if (section != null) {
                Map<String, String> values = fields.computeIfAbsent(section, s -> new HashMap<>());
                for (Map.Entry<String, Pattern> field : FIELDS.entrySet()) {
                    Matcher m = field.getValue().matcher(line);
                    if (m.matches()) {
                        values.putIfAbsent(field.getKey(), m.group(1));
                    }
                }
            }
        }
    }

    List<SummaryRow> vrrpRows() {
        return vrrpRows;
    }

    /** The decoded fields of a frame that has its own section (frames 1 and 10). */
    Map<String, String> fields(int frame) {
        return fields.getOrDefault(frame, Map.of());
    }

    byte[] hexDump(int frame) {
        return hex.get(frame).toByteArray();
    }
}
