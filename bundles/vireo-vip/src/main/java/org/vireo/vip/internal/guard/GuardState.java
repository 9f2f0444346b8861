package org.vireo.vip.internal.guard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * What the guard ({@link Guard}) must undo when this node's JVM dies: per VRRP instance that is master, the
 * VIP aliases, an optional macvlan, and the priority-0 adverts to send. The running node writes it (one
 * {@code GuardState} per file, updated on every change of what it holds); the guard only reads it.
 *
 * <p>The file, {@code ${karaf.data}/vireo/guard.state}, is plain UTF-8 text, one item a line:
 * <pre>
 * # comment (and blank lines): ignored
 * pid 12345
 * entry INSTANCE INTERFACE ALIASES LINK FRAMES
 * </pre>
 * {@code pid} is the process id of the JVM that wrote the file: the guard acts only on the state of the JVM it
 * watched, never on one left by an earlier run or written by another node sharing the data directory. In an
 * {@code entry} the fields are separated by one space: {@code ALIASES} is a comma-separated list of
 * {@code address/prefix} as {@code ip addr del} takes them, {@code FRAMES} a comma-separated list of complete
 * Ethernet frames in hex; {@code -} stands for an empty list and for no {@code LINK}. In the names (instance,
 * interface, link) a byte outside {@code !..~}, a {@code %} or a {@code ,} is written {@code %XX} (its UTF-8
 * bytes), and a name that is just {@code -} is written {@code %2D}.
 *
 * <p>Every change rewrites the whole file through a temporary file in the same directory renamed over it
 * ({@code ATOMIC_MOVE}), so a JVM killed in the middle leaves the old or the new state, never half of one.
 */
public final class GuardState {

    /** Where the node keeps the file, relative to {@code karaf.data}. */
    public static final String RELATIVE_PATH = "vireo/guard.state";

    /**
     * What one master instance holds.
     *
     * @param aliases      e.g. {@code 10.77.0.51/32} or {@code fd77::51/128}, as for {@code ip addr del X dev IF}
     * @param linkToDelete a macvlan (virtual-MAC mode) to delete with {@code ip link del}, or null
     * @param frames       complete Ethernet frames (priority-0 adverts) to send on {@code interfaceName}
     */
    public record Entry(String instance, String interfaceName, List<String> aliases, String linkToDelete,
                        List<byte[]> frames) {

        // an alias goes to 'ip' as an argument: refusing anything but an address keeps it from reading as an option
        private static final Pattern ALIAS = Pattern.compile("[0-9A-Fa-f:.]+(/[0-9]{1,3})?");

        public Entry {
            requireName("instance", instance);
            requireName("interfaceName", interfaceName);
            if (linkToDelete != null) {
                requireName("linkToDelete", linkToDelete);
            }
            aliases = List.copyOf(aliases);
            for (String alias : aliases) {
                if (!ALIAS.matcher(alias).matches()) {
                    throw new IllegalArgumentException("not an address/prefix: '" + alias + "'");
                }
            }
            List<byte[]> copies = new ArrayList<>(frames.size());
            for (byte[] frame : frames) {
                if (frame.length == 0) {
                    throw new IllegalArgumentException("empty frame for instance " + instance);
                }
                copies.add(frame.clone());
            }
            frames = List.copyOf(copies);
        }

        /** The frames are copies: the caller's arrays and this entry's never change each other. */
        @Override
        public List<byte[]> frames() {
            return frames.stream().map(byte[]::clone).toList();
        }

        // a record compares arrays by identity; two entries with the same frame bytes are equal
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Entry e) || e.frames.size() != frames.size()) {
                return false;
            }
            for (int i = 0; i < frames.size(); i++) {
                if (!Arrays.equals(frames.get(i), e.frames.get(i))) {
                    return false;
                }
            }
            return instance.equals(e.instance) && interfaceName.equals(e.interfaceName) && aliases.equals(e.aliases)
                && Objects.equals(linkToDelete, e.linkToDelete);
        }

        @Override
        public int hashCode() {
            int h = Objects.hash(instance, interfaceName, aliases, linkToDelete);
            for (byte[] frame : frames) {
                h = 31 * h + Arrays.hashCode(frame);
            }
            return h;
        }

        @Override
        public String toString() {
            return "Entry[" + instance + " on " + interfaceName + ": aliases " + aliases
                + (linkToDelete == null ? "" : ", link " + linkToDelete) + ", " + frames.size() + " frame(s)]";
        }

        private static void requireName(String what, String value) {
            if (value == null || value.isEmpty()) {
                throw new IllegalArgumentException(what + " must not be empty");
            }
        }
    }

    /**
     * A file as read.
     *
     * @param writerPid the {@code pid} line: the JVM that wrote it, or -1 if there is none
     */
    public record Snapshot(long writerPid, List<Entry> entries) {
        public Snapshot {
            entries = List.copyOf(entries);
        }
    }

    private static final HexFormat HEX = HexFormat.of();

    private final Path file;
    private final Map<String, Entry> entries = new TreeMap<>();

    /** Starts empty: the first {@link #put} or {@link #remove} replaces whatever the file held. */
    public GuardState(Path file) {
        this.file = file.toAbsolutePath();
    }

    /**
     * Records (or replaces, by instance name) what an instance holds and rewrites the file. If the write fails,
     * the entry is still kept and goes into the next write.
     */
    public synchronized void put(Entry e) throws IOException {
        entries.put(e.instance(), e);
        write();
    }

    /** Forgets an instance (nothing to undo for it any more) and rewrites the file. */
    public synchronized void remove(String instance) throws IOException {
        entries.remove(instance);
        write();
    }

    /** The entries of {@code file}; a missing file has none. Malformed lines are reported on stderr and skipped. */
    public static List<Entry> read(Path file) throws IOException {
        return load(file, System.err::println).entries();
    }

    /** The whole file; each malformed line is reported to {@code warnings} as {@code file:line: reason} and skipped. */
    public static Snapshot load(Path file, Consumer<String> warnings) throws IOException {
        try {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString(), warnings);
        } catch (NoSuchFileException e) {
            return new Snapshot(-1, List.of());
        }
    }

    /** The lines of a state file; {@code source} names it in the warnings. */
    static Snapshot parse(List<String> lines, String source, Consumer<String> warnings) {
        long pid = -1;
        List<Entry> result = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            try {
                String[] f = line.split(" ", -1);
                if (f[0].equals("pid") && f.length == 2) {
                    pid = Long.parseLong(f[1]);
                } else if (f[0].equals("entry") && f.length == 6) {
                    String link = f[4].equals("-") ? null : unescape(f[4]);
                    result.add(new Entry(unescape(f[1]), unescape(f[2]), list(f[3]), link,
                        list(f[5]).stream().map(HEX::parseHex).toList()));
                } else {
                    throw new IllegalArgumentException("expected 'pid PID' or 'entry' with 5 fields");
                }
            } catch (IllegalArgumentException e) { // NumberFormatException too
                warnings.accept(source + ":" + (i + 1) + ": " + e.getMessage() + ", skipped: " + line);
            }
        }
        return new Snapshot(pid, result);
    }

    /** The text of the file: the {@code pid} line, then one line per entry. */
    static String format(long pid, Iterable<Entry> entries) {
        StringBuilder out = new StringBuilder("# Vireo guard state (vireo-vip GuardState):"
            + " what the guard undoes when this JVM dies\n");
        out.append("pid ").append(pid).append('\n');
        for (Entry e : entries) {
            out.append("entry ").append(escape(e.instance())).append(' ').append(escape(e.interfaceName())).append(' ')
                .append(e.aliases().isEmpty() ? "-" : String.join(",", e.aliases())).append(' ')
                .append(e.linkToDelete() == null ? "-" : escape(e.linkToDelete())).append(' ')
                .append(e.frames.isEmpty() ? "-" : String.join(",", e.frames.stream().map(HEX::formatHex).toList()))
                .append('\n');
        }
        return out.toString();
    }

    private void write() throws IOException {
        String text = format(ProcessHandle.current().pid(), entries.values());
        Path dir = file.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            // no fsync: the file must survive the JVM, not the host (whose VIPs vanish with it)
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static List<String> list(String field) {
        return field.equals("-") ? List.of() : List.of(field.split(",", -1));
    }

    static String escape(String name) {
        if (name.equals("-")) {
            return "%2D";
        }
        StringBuilder out = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < '!' || c > '~' || c == '%' || c == ',') {
                out.append('%').append(HEX.toHexDigits((byte) c));
            } else {
                out.append((char) c);
            }
        }
        return out.toString();
    }

    static String unescape(String field) {
        byte[] out = new byte[field.length()];
        int n = 0;
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '%') {
                if (i + 3 > field.length()) {
                    throw new IllegalArgumentException("truncated %XX in '" + field + "'");
                }
                out[n++] = (byte) HexFormat.fromHexDigits(field, i + 1, i + 3);
                i += 2;
            } else if (c < '!' || c > '~' || c == ',') {
                throw new IllegalArgumentException("unescaped character in '" + field + "'");
            } else {
                out[n++] = (byte) c;
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }
}
