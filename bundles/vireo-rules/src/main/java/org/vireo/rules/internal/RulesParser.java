package org.vireo.rules.internal;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.vireo.rules.Network;
import org.vireo.rules.Verdict;

/**
 * The grammar of the rules file (see docs/rules.md), line by line. Goes on after an error, so an operator fixes a
 * file in a few goes, each {@code <file>:<line>: <what was wrong>: <what is accepted>}; {@link Problems} keeps the
 * first and counts the rest. List files are the caller's: {@link Lists} reads them.
 */
final class RulesParser {

    /** Reads the list files a rules file names; adds its own errors. */
    interface Lists {
        /**
         * @param reference a {@code domain-list} path as written, or a category name
         * @param category  whether {@code reference} is a category name
         * @param where     {@code <file>:<line>} of the naming rule, for errors
         * @return the list, or {@code null} after adding an error
         */
        DomainList load(String reference, boolean category, String where, Problems problems);
    }

    /** What a file defined: its rules in order and the default. */
    record Parsed(List<Rule> rules, Verdict fallback) {
    }

    static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE",
        "PATCH");
    static final List<String> KEYWORDS = List.of("client", "destination", "domain", "domain-list", "category",
        "url-prefix", "url-regex", "method", "port");

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Pattern CATEGORY = Pattern.compile("[a-z0-9_-]{1,64}");
    private static final Pattern PORTS = Pattern.compile("(\\d{1,5})(?:-(\\d{1,5}))?");
    // no leading zeros: 010.1.2.3 is 10.1.2.3 to Java and 8.1.2.3 to inet_aton, so neither is guessed
    private static final String OCTET = "(0|[1-9]\\d{0,2})";
    private static final Pattern IPV4 = Pattern.compile(OCTET + "\\." + OCTET + "\\." + OCTET + "\\." + OCTET);
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private final String fileName;
    private final Lists lists;
    private final Problems errors;
    private final Map<String, Integer> ruleLines = new HashMap<>();
    private final List<Rule> rules = new ArrayList<>();
    private final Set<Integer> quoted = new HashSet<>(); // which tokens of the current line were "..."
    private Verdict fallback;
    private int defaultLine;

    private RulesParser(String fileName, Lists lists, Problems errors) {
        this.fileName = fileName;
        this.lists = lists;
        this.errors = errors;
    }

    /**
     * Parses a rules file, one line at a time (no list of its lines is made); any error refuses the whole file, and
     * so does a file that does not end with its default: a file cut short must not load as a shorter one.
     *
     * @param errors receives every error; the result is {@code null} when it is not empty
     */
    static Parsed parse(String fileName, String content, Lists lists, Problems errors) {
        RulesParser parser = new RulesParser(fileName, lists, errors);
        Iterator<String> lines = content.lines().iterator();
        for (int number = 1; lines.hasNext(); number++) {
            parser.line(number, lines.next());
        }
        if (parser.fallback == null && parser.defaultLine == 0) {
            errors.add(fileName + ": no default at the end: expected the last statement to be default allow or "
                + "default block \"reason\" (a file without one may have been cut short)");
        }
        return errors.isEmpty() ? new Parsed(parser.rules, parser.fallback) : null;
    }

    private void line(int number, String text) {
        String where = fileName + ":" + number;
        String trimmed = text.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
            return;
        }
        List<String> tokens = new ArrayList<>();
        String problem = tokenize(trimmed, tokens);
        if (problem != null) {
            errors.add(where + ": " + problem);
            return;
        }
        switch (tokens.get(0)) {
            case "rule" -> rule(number, where, tokens);
            case "default" -> fallback(number, where, tokens);
            default -> errors.add(where + ": '" + Problems.cut(tokens.get(0))
                + "': expected a line starting with rule or default (or a # comment)");
        }
    }

    private void fallback(int number, String where, List<String> tokens) {
        if (defaultLine != 0) {
            errors.add(where + ": a second default (the first is on line " + defaultLine + "): expected one");
            return;
        }
        defaultLine = number;
        int[] next = {1};
        Verdict action = action(where, "default", tokens, next);
        if (action != null && next[0] < tokens.size()) {
            errors.add(where + ": default: '" + Problems.cut(tokens.get(next[0]))
                + "' after the action: expected default allow or default block \"reason\" and nothing more");
        } else if (action != null) {
            fallback = new Verdict(action.allowed(), null, action.reason());
        }
    }

    private void rule(int number, String where, List<String> tokens) {
        if (defaultLine != 0) {
            errors.add(where + ": a rule after the default (line " + defaultLine + "): expected the default as the "
                + "last statement, after every rule");
            return;
        }
        if (tokens.size() < 3) {
            errors.add(where + ": rule: expected rule <name> allow|block [\"reason\"] [conditions...]");
            return;
        }
        String name = tokens.get(1);
        if (!NAME.matcher(name).matches()) {
            errors.add(where + ": rule name '" + Problems.cut(name) + "': expected 1-64 letters, digits, '.', '_' or "
                + "'-'");
            return;
        }
        Integer earlier = ruleLines.get(name);
        if (earlier != null) {
            errors.add(where + ": rule name '" + name + "' is already used on line " + earlier
                + ": expected a name unique in the file");
            return;
        }
        int[] next = {2};
        Verdict action = action(where, "rule " + name, tokens, next);
        if (action == null) {
            return;
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (int i = next[0]; i < tokens.size(); i += 2) {
            String keyword = tokens.get(i);
            if (!KEYWORDS.contains(keyword) || quoted.contains(i)) {
                errors.add(where + ": rule " + name + ": '" + Problems.cut(keyword) + "': expected a condition ("
                    + String.join(", ", KEYWORDS) + ")");
                return;
            }
            if (i + 1 == tokens.size()) {
                errors.add(where + ": rule " + name + ": " + keyword + " without a value");
                return;
            }
            values.computeIfAbsent(keyword, k -> new ArrayList<>()).add(tokens.get(i + 1));
        }
        long before = errors.count();
        List<Condition> conditions = new ArrayList<>();
        values.forEach((keyword, written) -> conditions.add(condition(where, keyword, written)));
        if (errors.count() == before) {
            ruleLines.put(name, number); // only rules that parse: a file of bad lines keeps no name per line
            if (errors.isEmpty()) {
                rules.add(new Rule(name, number, action.allowed(), action.reason(), conditions));
            }
        }
    }

    /** Reads {@code allow} or {@code block ["reason"]} at {@code next[0]} and moves it past. */
    private Verdict action(String where, String what, List<String> tokens, int[] next) {
        String action = next[0] < tokens.size() ? tokens.get(next[0]) : "";
        next[0]++;
        if (action.equals("allow")) {
            return new Verdict(true, null, "");
        }
        if (!action.equals("block")) {
            errors.add(where + ": " + what + ": '" + Problems.cut(action) + "': expected allow or block [\"reason\"]");
            return null;
        }
        String reason = "";
        if (next[0] < tokens.size() && quoted.contains(next[0])) {
            reason = tokens.get(next[0]++);
        }
        return new Verdict(false, null, reason.isEmpty() ? "blocked by the web security rules" : reason);
    }

    /** Splits at blanks; "..." is one token (\" and \\ inside, other backslashes kept). Returns what is wrong or null. */
    private String tokenize(String text, List<String> tokens) {
        quoted.clear();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '"') {
                StringBuilder token = new StringBuilder();
                int j = i + 1;
                while (j < text.length() && text.charAt(j) != '"') {
                    if (text.charAt(j) == '\\' && j + 1 < text.length()
                        && (text.charAt(j + 1) == '"' || text.charAt(j + 1) == '\\')) {
                        j++; // other backslashes stay, so a quoted regex reads as written
                    }
                    token.append(text.charAt(j++));
                }
                if (j == text.length()) {
                    return "quote opened at column " + (i + 1) + " is not closed: expected \"...\"";
                }
                quoted.add(tokens.size());
                tokens.add(token.toString());
                i = j + 1;
            } else {
                int j = i;
                while (j < text.length() && !Character.isWhitespace(text.charAt(j))) {
                    j++;
                }
                tokens.add(text.substring(i, j));
                i = j;
            }
        }
        return null;
    }

    private Condition condition(String where, String keyword, List<String> written) {
        String text = keyword + " " + String.join(",", written);
        // a message quotes at most the start of a value: a file of long bad values must not make long messages
        String at = where + ": " + keyword + " ";
        return switch (keyword) {
            case "client" -> new Condition.Client(text, networks(at, written));
            case "destination" -> new Condition.Destination(text, networks(at, written));
            case "domain" -> new Condition.Domain(text, List.of(inlineDomains(where, text, commaValues(written))));
            case "domain-list" -> new Condition.Domain(text, commaValues(written).stream()
                .map(v -> lists.load(v, false, where, errors)).toList());
            case "category" -> new Condition.Domain(text, commaValues(written).stream()
                .map(v -> category(at + Problems.cut(v), where, v)).toList());
            case "url-prefix" -> new Condition.UrlPrefix(text, written);
            case "url-regex" -> new Condition.UrlRegex(text, written.stream().map(v -> regex(at + Problems.cut(v), v))
                .toList());
            case "method" -> new Condition.Method(text, Set.copyOf(commaValues(written).stream()
                .map(v -> method(at + Problems.cut(v), v)).toList()));
            default -> new Condition.Port(text, ports(at, commaValues(written)));
        };
    }

    private List<Network> networks(String at, List<String> written) {
        return commaValues(written).stream().map(v -> network(at + Problems.cut(v), v)).toList();
    }

    private static List<String> commaValues(List<String> written) {
        List<String> values = new ArrayList<>();
        for (String value : written) {
            for (String part : value.split(",", -1)) {
                values.add(part.strip());
            }
        }
        return values;
    }

    private DomainList inlineDomains(String where, String text, List<String> names) {
        DomainList.Builder builder = new DomainList.Builder(text);
        for (String name : names) {
            byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            String problem = bytes.length == 0 ? "empty name" : DomainListReader.addName(builder, bytes, 0,
                bytes.length);
            if (problem != null) {
                errors.add(where + ": domain " + Problems.cut(name) + ": " + problem + "; " + DomainNames.ACCEPTED);
            }
        }
        return builder.build();
    }

    private DomainList category(String at, String where, String name) {
        if (!CATEGORY.matcher(name).matches()) {
            errors.add(at + ": expected a category name of 1-64 lower-case letters, digits, '_' or '-' "
                + "(the list lists/<name>.txt)");
            return null;
        }
        return lists.load(name, true, where, errors);
    }

    private Pattern regex(String at, String value) {
        try {
            return Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            errors.add(at + ": " + e.getDescription() + " at index " + e.getIndex()
                + ": expected a Java regular expression (java.util.regex.Pattern)");
            return null;
        }
    }

    private String method(String at, String value) {
        String method = value.toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            errors.add(at + ": unknown method: expected " + String.join(", ", METHODS.stream().sorted().toList()));
        }
        return method;
    }

    private int[] ports(String at, List<String> values) {
        int[] ranges = new int[values.size() * 2];
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            var matcher = PORTS.matcher(value);
            if (!matcher.matches()) {
                errors.add(at + Problems.cut(value) + ": expected a port 1-65535 or a range such as 8000-8999");
                continue;
            }
            int first = Integer.parseInt(matcher.group(1));
            int last = matcher.group(2) == null ? first : Integer.parseInt(matcher.group(2));
            if (first < 1 || last > 65535 || first > last) {
                errors.add(at + Problems.cut(value) + ": expected ports 1-65535, a range's first port not above its "
                    + "last");
            }
            ranges[2 * i] = first;
            ranges[2 * i + 1] = last;
        }
        return ranges;
    }

    private Network network(String at, String value) {
        int slash = value.indexOf('/');
        String address = slash < 0 ? value : value.substring(0, slash);
        byte[] bytes = address(address);
        if (bytes == null) {
            errors.add(at + ": expected an IPv4 or IPv6 address or network (10.1.0.0/16, 2001:db8::/32)");
            return null;
        }
        int max = bytes.length * 8;
        String family = bytes.length == 4 ? "IPv4" : "IPv6";
        int prefix = max;
        if (slash >= 0) {
            String length = value.substring(slash + 1);
            prefix = length.matches("\\d{1,3}") ? Integer.parseInt(length) : -1;
            if (prefix < 0 || prefix > max) {
                errors.add(at + ": prefix length must be 0-" + max + " for " + family);
                return null;
            }
        }
        Network network = new Network(bytes, prefix);
        byte[] masked = bytes.clone();
        for (int bit = prefix; bit < max; bit++) {
            masked[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        if (!Arrays.equals(masked, bytes)) {
            errors.add(at + ": address bits set beyond the prefix length: expected the network's first address, "
                + "e.g. " + new Network(masked, prefix));
        }
        return network;
    }

    /** An address literal's bytes, without ever asking DNS; {@code null} if it is not one. */
    private static byte[] address(String text) {
        var v4 = IPV4.matcher(text);
        if (v4.matches()) {
            byte[] bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                int part = Integer.parseInt(v4.group(i + 1));
                if (part > 255) {
                    return null;
                }
                bytes[i] = (byte) part;
            }
            return bytes;
        }
        if (!IPV6_CHARS.matcher(text).matches()) {
            return null;
        }
        try {
            byte[] bytes = InetAddress.getByName(text).getAddress(); // a literal with ':' is parsed, not resolved
            return bytes.length == 16 ? bytes : null; // ::ffff:a.b.c.d: write the IPv4 form
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
