package org.vireo.config.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import org.vireo.config.ConfigReader;

/**
 * Whether a PID's metatype (what ConfigurationAdmin's tools, the management API's {@code /config/<pid>/schema} and
 * the console show) and the parse its component runs say the same of each key. The metatype read is the XML bnd
 * wrote from the {@code @ObjectClassDefinition}, as the MetaType service reads it; the parse is asked, never read:
 * <ul>
 * <li>the keys: those the parse reads ({@link ConfigReader#keysRead}) are the metatype's attributes, no more, no
 * less;</li>
 * <li>each default: a configuration without the key parses to the same as one with the metatype's default;</li>
 * <li>each type: a number's key refuses a word, a boolean's refuses {@code maybe}, naming the key;</li>
 * <li>each option: every option is taken, another value is refused naming the key;</li>
 * <li>each bound ({@code min}, {@code max}): the bound is taken, one past it refused naming the key;</li>
 * <li>the file shipped in {@code config/}, if there is one: it parses, and holds only the metatype's keys.</li>
 * </ul>
 * A disagreement is a line that says which key, what the metatype says and what the parse does.
 */
public final class MetatypeAgreement {

    /** One attribute as the metatype XML gives it; {@code defaults} null when it has none. */
    public record Attribute(String id, String type, int cardinality, boolean required, List<String> defaults,
                            List<String> options, String min, String max) {
    }

    private final String pid;
    private final Class<?> ocd;
    private final Function<Map<String, ?>, ?> parse;
    private final Map<String, String> base = new LinkedHashMap<>();
    private final Set<String> readElsewhere = new LinkedHashSet<>();
    private final Map<String, String> ownMeaningOfUnset = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> optionContexts = new LinkedHashMap<>();
    private Path shipped;
    private Path documented;
    private String section;

    private MetatypeAgreement(String pid, Class<?> ocd, Function<Map<String, ?>, ?> parse) {
        this.pid = pid;
        this.ocd = ocd;
        this.parse = parse;
    }

    /**
     * The agreement of {@code pid} (a factory PID: the factory's) with the metatype of {@code ocd}, the
     * {@code @ObjectClassDefinition} that designates it, and the parse its component runs on a configuration.
     */
    public static MetatypeAgreement of(String pid, Class<?> ocd, Function<Map<String, ?>, ?> parse) {
        return new MetatypeAgreement(pid, ocd, parse);
    }

    /** A value the parse needs where the metatype gives no default (a VRID, a monitor's target). */
    public MetatypeAgreement with(String key, String value) {
        base.put(key, value);
        return this;
    }

    /**
     * A key whose absence means something no single default can say (its metatype's description tells what: a role
     * from the environment at the first start): its default is not compared.
     */
    public MetatypeAgreement unsetMeans(String key, String what) {
        ownMeaningOfUnset.put(key, what);
        return this;
    }

    /**
     * What else an option of {@code key} needs to be taken (a monitor of type http needs its URL, and no TCP port):
     * {@code "key=value"} sets a key, {@code "key="} removes it, for that option's check only.
     */
    public MetatypeAgreement when(String key, String option, String... assignments) {
        Map<String, String> context = new LinkedHashMap<>();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            context.put(a.substring(0, eq), a.substring(eq + 1));
        }
        optionContexts.put(key + "=" + option, context);
        return this;
    }

    /** Keys the same parse reads of another PID merged with this one by DS (its own metatype's). */
    public MetatypeAgreement alsoReads(Set<String> keys) {
        readElsewhere.addAll(keys);
        return this;
    }

    /** The file the distribution ships for the PID ({@code config/<pid>.cfg}). */
    public MetatypeAgreement shipped(Path file) {
        shipped = file;
        return this;
    }

    /**
     * The operators' reference ({@code docs/configuration.md}): its section whose heading names {@code `<pid>`} has a table whose
     * first column names each key (several in one row: {@code `a`, `b`}) and whose second gives the defaults.
     */
    public MetatypeAgreement documented(Path reference) {
        return documented(reference, null);
    }

    /** The same, in the section whose heading starts with {@code heading} ({@code ## Monitors}). */
    public MetatypeAgreement documented(Path reference, String heading) {
        documented = reference;
        section = heading;
        return this;
    }

    /** The attributes of the metatype, as the MetaType service would read them. */
    public List<Attribute> attributes() {
        return read().attributes;
    }

    /** Every disagreement found; empty when the metatype and the parse agree on every key. */
    public List<String> disagreements() {
        Metatype metatype = read();
        List<String> found = new ArrayList<>();
        if (!metatype.designated.contains(pid)) {
            found.add(ocd.getName() + "'s metatype designates " + metatype.designated + ", not " + pid);
        }
        Map<String, String> valid = new LinkedHashMap<>();
        for (Attribute a : metatype.attributes) {
            if (a.defaults() != null && a.required()) { // an optional one may belong to one type of several
                valid.put(a.id(), String.join(",", a.defaults()));
            }
        }
        valid.putAll(base);
        Object reference;
        Set<String> read = new TreeSet<>();
        try {
            reference = parse(valid, read);
        } catch (IllegalArgumentException e) {
            found.add("the metatype's defaults (with " + base + ") are refused: " + e.getMessage());
            return found;
        }
        for (Attribute a : metatype.attributes) {
            checkDefault(a, valid, reference, read, found);
            checkType(a, valid, found);
            checkOptions(a, valid, read, found);
            checkBound(a, a.min(), -1, valid, found);
            checkBound(a, a.max(), +1, valid, found);
        }
        Set<String> declared = new TreeSet<>();
        metatype.attributes.forEach(a -> declared.add(a.id()));
        read.removeAll(readElsewhere);
        read.removeIf(ConfigReader::frameworkKey); // service.pid: which PIDs DS merged, never the operator's
        for (String key : read) {
            if (!declared.contains(key)) {
                found.add("'" + key + "' is read by the parse, and not in the metatype");
            }
        }
        for (String key : declared) {
            if (!read.contains(key)) {
                found.add("'" + key + "' is in the metatype, and the parse never reads it");
            }
        }
        checkShipped(declared, found);
        checkDocumented(metatype.attributes, found);
        return found;
    }

    /**
     * Without the key, the parse must come to what the metatype's default gives. An optional key's default is
     * compared where the key is taken: in the base configuration, else with an option that reads it (an http
     * monitor's expected status).
     */
    private void checkDefault(Attribute a, Map<String, String> valid, Object reference, Set<String> read,
                              List<String> found) {
        if (a.defaults() == null || base.containsKey(a.id()) || ownMeaningOfUnset.containsKey(a.id())) {
            return;
        }
        String given = String.join(",", a.defaults());
        if (a.required()) {
            compareDefault(a, valid, given, reference, read).ifPresent(found::add);
            return;
        }
        List<String> tried = new ArrayList<>();
        for (Map<String, String> context : contexts(valid)) {
            Map<String, String> with = new LinkedHashMap<>(context);
            with.put(a.id(), given);
            Object withDefault;
            try {
                withDefault = parse(with, read);
            } catch (IllegalArgumentException e) {
                tried.add(e.getMessage());
                continue; // not a key of this context
            }
            compareDefault(a, with, given, withDefault, read).ifPresent(found::add);
            return;
        }
        found.add("'" + a.id() + "' = '" + given + "', the metatype's default, is taken in no configuration tried: "
            + tried);
    }

    private Optional<String> compareDefault(Attribute a, Map<String, String> with, String given,
                                                      Object withDefault, Set<String> read) {
        Map<String, String> without = new LinkedHashMap<>(with);
        without.remove(a.id());
        try {
            Object parsed = parse(without, read);
            return Objects.equals(parsed, withDefault) ? Optional.empty()
                : Optional.of("'" + a.id() + "': the metatype's default is '" + given + "', the parse's is"
                    + " another (without the key: " + parsed + "; with the default: " + withDefault + ")");
        } catch (IllegalArgumentException e) {
            return Optional.of("'" + a.id() + "' has a default in the metatype, and the parse refuses its"
                + " absence: " + e.getMessage());
        }
    }

    /** The base configuration, then each option's of {@link #when}. */
    private List<Map<String, String>> contexts(Map<String, String> valid) {
        List<Map<String, String>> out = new ArrayList<>(List.of(valid));
        optionContexts.forEach((keyAndOption, context) -> out.add(applied(valid, keyAndOption, context)));
        return out;
    }

    private static Map<String, String> applied(Map<String, String> valid, String keyAndOption,
                                               Map<String, String> context) {
        int eq = keyAndOption.indexOf('=');
        Map<String, String> with = new LinkedHashMap<>(valid);
        with.put(keyAndOption.substring(0, eq), keyAndOption.substring(eq + 1));
        context.forEach((k, v) -> {
            if (v.isEmpty()) {
                with.remove(k);
            } else {
                with.put(k, v);
            }
        });
        return with;
    }

    private void checkType(Attribute a, Map<String, String> valid, List<String> found) {
        String wrong = switch (a.type()) {
            case "Integer", "Long", "Short", "Byte", "Double", "Float" -> "many";
            case "Boolean" -> "maybe";
            default -> null;
        };
        if (wrong != null && a.options().isEmpty()) {
            expectRefused(a, wrong, "a " + a.type() + " in the metatype", valid, found);
        }
    }

    private void checkOptions(Attribute a, Map<String, String> valid, Set<String> read, List<String> found) {
        if (a.options().isEmpty()) {
            return;
        }
        for (String option : a.options()) {
            Map<String, String> with = applied(valid, a.id() + "=" + option,
                optionContexts.getOrDefault(a.id() + "=" + option, Map.of()));
            try {
                parse(with, read); // what an option's parse reads counts (an http monitor's url)
            } catch (IllegalArgumentException e) {
                found.add("'" + a.id() + "': the metatype's option '" + option + "' is refused: " + e.getMessage());
            }
        }
        expectRefused(a, "no-such-option", "none of the metatype's options " + a.options(), valid, found);
    }

    /** A declared bound is taken, and one past it (a number, or a text's length) refused. */
    private void checkBound(Attribute a, String bound, int step, Map<String, String> valid, List<String> found) {
        if (bound == null || !a.options().isEmpty()) {
            return;
        }
        long limit = Long.parseLong(bound);
        boolean text = a.type().equals("String");
        String at = text ? "x".repeat((int) Math.max(0, limit)) : String.valueOf(limit);
        String past = text ? "x".repeat((int) Math.max(0, limit + step)) : String.valueOf(limit + step);
        Map<String, String> with = new LinkedHashMap<>(valid);
        with.put(a.id(), at);
        try {
            parse(with, new TreeSet<>());
        } catch (IllegalArgumentException e) {
            found.add("'" + a.id() + "': the metatype's bound " + bound + " is refused: " + e.getMessage());
        }
        if (!(text && limit + step < 0)) {
            expectRefused(a, past, "past the metatype's bound " + bound, valid, found);
        }
    }

    private void expectRefused(Attribute a, String value, String why, Map<String, String> valid, List<String> found) {
        Map<String, String> with = new LinkedHashMap<>(valid);
        with.put(a.id(), value);
        try {
            Object parsed = parse(with, new TreeSet<>());
            found.add("'" + a.id() + "' = '" + value + "' (" + why + ") is taken: " + parsed);
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().contains(a.id())) {
                found.add("'" + a.id() + "' = '" + value + "' is refused without naming the key: " + e.getMessage());
            }
        }
    }

    private void checkShipped(Set<String> declared, List<String> found) {
        if (shipped == null) {
            return;
        }
        try {
            // a .cfg file as Karaf's file install reads it: java.util.Properties, text values
            Properties properties = new Properties();
            try (InputStream in = Files.newInputStream(shipped)) {
                properties.load(in);
            }
            Map<String, Object> file = new LinkedHashMap<>();
            properties.stringPropertyNames().forEach(k -> file.put(k, properties.getProperty(k)));
            for (String key : file.keySet()) {
                if (!declared.contains(key) && !readElsewhere.contains(key)) {
                    found.add(shipped.getFileName() + " sets '" + key + "', which is not in the metatype");
                }
            }
            Map<String, Object> withBase = new LinkedHashMap<>(base);
            withBase.putAll(file);
            parse.apply(withBase);
        } catch (IOException e) {
            found.add(shipped + " cannot be read: " + e);
        } catch (IllegalArgumentException e) {
            found.add(shipped.getFileName() + " is refused: " + e.getMessage());
        }
    }

    /** Each key in the reference's table, no other, and each default written there as the metatype has it. */
    private void checkDocumented(List<Attribute> attributes, List<String> found) {
        if (documented == null) {
            return;
        }
        Map<String, String> rows;
        try {
            rows = referenceRows(Files.readAllLines(documented));
        } catch (IOException e) {
            found.add(documented + " cannot be read: " + e);
            return;
        }
        String where = documented.getFileName() + "'s section " + pid;
        if (rows.isEmpty()) {
            found.add(where + " has no table of keys");
            return;
        }
        Set<String> ids = new TreeSet<>();
        for (Attribute a : attributes) {
            ids.add(a.id());
            String cell = rows.get(a.id());
            if (cell == null) {
                found.add(where + " does not list '" + a.id() + "'");
            } else if (a.defaults() != null && !a.defaults().get(0).isEmpty()
                && !compact(cell).contains("`" + compact(a.defaults().get(0)) + "`")) {
                found.add(where + " gives '" + a.id() + "' the default " + cell.strip() + ", the metatype '"
                    + a.defaults().get(0) + "'");
            }
        }
        rows.keySet().stream().filter(k -> !ids.contains(k))
            .forEach(k -> found.add(where + " lists '" + k + "', which is not in the metatype"));
    }

    /**
     * The section's table: each key of the first column with its row's default (the column the header calls
     * {@code default}, else the second). Framework keys a table may list ({@code transport.target}) are not the
     * metatype's business.
     */
    private Map<String, String> referenceRows(List<String> lines) {
        Map<String, String> rows = new LinkedHashMap<>();
        boolean in = false;
        boolean keys = false; // in a table whose header starts "| key" (not a section's other tables)
        int defaults = 2;
        for (String line : lines) {
            String[] cells = line.split("(?<!\\\\)\\|");
            keys &= line.startsWith("|");
            if (line.startsWith("## ")) {
                // "## `org.vireo.node` — node-local", "## Configuration (PID `...`)", or the heading given
                in = section == null ? line.contains("`" + pid + "`") : line.startsWith(section);
            } else if (in && line.startsWith("| key ")) {
                keys = true;
                defaults = List.of(cells).stream().map(String::strip).toList().indexOf("default");
                defaults = defaults < 0 ? 2 : defaults;
            } else if (in && keys && line.startsWith("| `")) {
                for (String key : cells[1].split(",")) {
                    String k = key.strip();
                    if (k.startsWith("`") && k.endsWith("`") && !ConfigReader.frameworkKey(k.substring(1, k.length() - 1))) {
                        rows.put(k.substring(1, k.length() - 1), cells.length > defaults ? cells[defaults] : "");
                    }
                }
            }
        }
        return rows;
    }

    /** Lists are written with or without a space after each comma. */
    private static String compact(String text) {
        return text.replace(", ", ",");
    }

    private Object parse(Map<String, String> config, Set<String> read) {
        ConfigReader reader = ConfigReader.of(new LinkedHashMap<String, Object>(config));
        try {
            return parse.apply(reader);
        } finally {
            read.addAll(reader.keysRead());
        }
    }

    /** The metatype: the PIDs it designates and its attributes. */
    private record Metatype(Set<String> designated, List<Attribute> attributes) {
    }

    private Metatype read() {
        String name = "OSGI-INF/metatype/" + ocd.getName() + ".xml";
        URL url = ocd.getClassLoader().getResource(name);
        if (url == null) {
            throw new AssertionError("no " + name + ": is " + ocd.getName() + " an @ObjectClassDefinition, and bnd run?");
        }
        try (InputStream in = url.openStream()) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document xml = factory.newDocumentBuilder().parse(in);
            Set<String> designated = new LinkedHashSet<>();
            NodeList designates = xml.getElementsByTagName("Designate");
            for (int i = 0; i < designates.getLength(); i++) {
                Element d = (Element) designates.item(i);
                designated.add(d.hasAttribute("factoryPid") ? d.getAttribute("factoryPid") : d.getAttribute("pid"));
            }
            List<Attribute> attributes = new ArrayList<>();
            NodeList ads = xml.getElementsByTagName("AD");
            for (int i = 0; i < ads.getLength(); i++) {
                attributes.add(attribute((Element) ads.item(i)));
            }
            return new Metatype(designated, attributes);
        } catch (IOException | org.xml.sax.SAXException | javax.xml.parsers.ParserConfigurationException e) {
            throw new AssertionError("reading " + url, e);
        }
    }

    private static Attribute attribute(Element ad) {
        List<String> options = new ArrayList<>();
        NodeList os = ad.getElementsByTagName("Option");
        for (int j = 0; j < os.getLength(); j++) {
            options.add(((Element) os.item(j)).getAttribute("value"));
        }
        int cardinality = ad.hasAttribute("cardinality") ? Integer.parseInt(ad.getAttribute("cardinality")) : 0;
        List<String> defaults = ad.hasAttribute("default") ? List.of(ad.getAttribute("default")) : null;
        boolean required = !"false".equals(ad.getAttribute("required")); // the metatype's default: true
        return new Attribute(ad.getAttribute("id"), ad.getAttribute("type"), cardinality, required, defaults, options,
            ad.hasAttribute("min") ? ad.getAttribute("min") : null, ad.hasAttribute("max") ? ad.getAttribute("max")
                : null);
    }

    @Override
    public String toString() {
        return pid + " (" + ocd.getSimpleName() + ")" + (base.isEmpty() ? "" : " with " + base);
    }
}
