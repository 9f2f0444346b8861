package org.vireo.scanner.internal.proxy.adversarial;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One row of the adversarial suite (src/test/resources/adversarial/cases.txt, whose head explains the format): what
 * the client sends and what the proxy and the origin must do.
 *
 * @param statuses     per answer, the statuses allowed ("none": no answer at that place)
 * @param close        whether the proxy must close the connection after its answers (else it must stay usable)
 * @param origin       the views of what the origins received that are acceptable, one of which must hold
 * @param knownFailing why the row fails today, or null
 */
record AdversarialCase(String id, String what, String rfc, String send, boolean shutdown, List<Set<String>> statuses,
                       boolean close, List<String> origin, String knownFailing) {

    static final String NOTHING = "nothing";
    static final String NO_COMPLETE_REQUEST = "no complete request";
    static final String RESOURCE = "/adversarial/cases.txt";

    /** The number of answers to wait for. */
    int answers() {
        return statuses.size();
    }

    /** Whether the statuses read are the ones allowed: "none" matches a missing answer. */
    boolean statusesMatch(List<String> read) {
        if (read.size() > statuses.size()) {
            return false;
        }
        for (int i = 0; i < statuses.size(); i++) {
            Set<String> allowed = statuses.get(i);
            if (i < read.size() ? !allowed.contains(read.get(i)) : !allowed.contains("none")) {
                return false;
            }
        }
        return true;
    }

    /** Whether what the origins received ({@link RecordingOrigin#view()}) is one of the acceptable views. */
    boolean originMatches(String view, Map<String, String> placeholders) {
        for (String alternative : origin) {
            boolean match = switch (alternative) {
                case NOTHING -> view.equals(NOTHING);
                case NO_COMPLETE_REQUEST -> view.equals(NOTHING)
                    || List.of(view.split(" \\+\\+ ")).stream().allMatch(ReceivedRequests.INCOMPLETE::equals);
                default -> view.equals(fill(alternative, placeholders));
            };
            if (match) {
                return true;
            }
        }
        return false;
    }

    static String fill(String text, Map<String, String> placeholders) {
        String filled = text;
        for (Map.Entry<String, String> p : placeholders.entrySet()) {
            filled = filled.replace("{" + p.getKey() + "}", p.getValue());
        }
        return filled;
    }

    /** The statuses as the data file writes them. */
    String expectedStatuses() {
        List<String> parts = new ArrayList<>();
        statuses.forEach(s -> parts.add(String.join("|", s)));
        return String.join(" ", parts) + (close ? " close" : " keep");
    }

    @Override
    public String toString() {
        return id;
    }

    /** Every row of the data file, in order. */
    static List<AdversarialCase> load() throws IOException {
        try (InputStream in = AdversarialCase.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException(RESOURCE + " is missing");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    static List<AdversarialCase> parse(String text) {
        List<AdversarialCase> cases = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Map<String, List<String>> block = new LinkedHashMap<>();
        int lineNo = 0;
        for (String line : (text + "\n\n").split("\n", -1)) {
            lineNo++;
            if (line.startsWith("#")) {
                continue;
            }
            if (line.isBlank()) {
                if (!block.isEmpty()) {
                    AdversarialCase c = of(block, lineNo);
                    if (!ids.add(c.id())) {
                        throw new IllegalArgumentException("line " + lineNo + ": id " + c.id() + " twice");
                    }
                    cases.add(c);
                    block.clear();
                }
                continue;
            }
            int colon = line.indexOf(": ");
            if (colon < 0) {
                throw new IllegalArgumentException("line " + lineNo + ": expected 'key: value', not " + line);
            }
            block.computeIfAbsent(line.substring(0, colon), k -> new ArrayList<>()).add(line.substring(colon + 2));
        }
        return cases;
    }

    private static AdversarialCase of(Map<String, List<String>> block, int lineNo) {
        for (String key : block.keySet()) {
            if (!Set.of("id", "what", "rfc", "send", "then", "expect", "origin", "known-failing").contains(key)) {
                throw new IllegalArgumentException("before line " + lineNo + ": unknown key " + key);
            }
        }
        String id = one(block, "id", lineNo);
        String[] expect = one(block, "expect", lineNo).trim().split(" +");
        String end = expect[expect.length - 1];
        if (!end.equals("close") && !end.equals("keep") || expect.length < 2) {
            throw new IllegalArgumentException(id + ": expect ends in close or keep, after the statuses");
        }
        List<Set<String>> statuses = new ArrayList<>();
        for (int i = 0; i < expect.length - 1; i++) {
            statuses.add(Set.of(expect[i].split("\\|")));
        }
        String then = block.containsKey("then") ? one(block, "then", lineNo) : null;
        if (then != null && !then.equals("shutdown")) {
            throw new IllegalArgumentException(id + ": then is shutdown or absent");
        }
        List<String> origin = block.get("origin");
        if (origin == null || !block.containsKey("send")) {
            throw new IllegalArgumentException(id + ": send and origin are required");
        }
        return new AdversarialCase(id, one(block, "what", lineNo), one(block, "rfc", lineNo),
            String.join("", block.get("send")), then != null, List.copyOf(statuses), end.equals("close"),
            List.copyOf(origin), block.containsKey("known-failing") ? one(block, "known-failing", lineNo) : null);
    }

    private static String one(Map<String, List<String>> block, String key, int lineNo) {
        List<String> values = block.get(key);
        if (values == null || values.size() != 1) {
            throw new IllegalArgumentException("before line " + lineNo + ": exactly one " + key + " expected");
        }
        return values.get(0);
    }
}
