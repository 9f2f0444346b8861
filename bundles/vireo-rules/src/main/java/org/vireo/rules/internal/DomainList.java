package org.vireo.rules.internal;

import java.util.Arrays;

/**
 * An immutable set of domain names, each matching itself and all its subdomains (or, marked exact, only itself).
 * <p>
 * Built for lists of a million names: the names sit back to back in one byte array, and an open-addressing table
 * of entry numbers is keyed by a hash computed from the last character to the first. A lookup walks the host once
 * from its end and probes the table at every label boundary, so it costs one probe per label of the host, whatever
 * the size of the list; a probe confirms a hit by comparing the bytes. Thread-safe: nothing changes after build.
 */
public final class DomainList {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private final String name;
    private final byte[] names;
    private final int[] ends;
    private final long[] exactOnly;
    private final int[] slots;
    private final int count;

    private DomainList(String name, byte[] names, int[] ends, long[] exactOnly, int[] slots, int count) {
        this.name = name;
        this.names = names;
        this.ends = ends;
        this.exactOnly = exactOnly;
        this.slots = slots;
        this.count = count;
    }

    /** What the list is called in messages: its file name, or the rule line's condition. */
    public String name() {
        return name;
    }

    /** Distinct names in the list. */
    public int size() {
        return count;
    }

    /** The bytes this list holds on the heap (its arrays), for {@code scanner:rules}. */
    public long memoryBytes() {
        return names.length + 4L * ends.length + 8L * exactOnly.length + 4L * slots.length;
    }

    /**
     * Whether {@code domain} (lower case, no trailing dot, not an address literal) is a listed name or a subdomain
     * of one that is not marked exact.
     */
    public boolean contains(String domain) {
        int length = domain.length();
        if (length == 0 || count == 0) {
            return false;
        }
        long hash = FNV_OFFSET;
        for (int i = length - 1; i >= 0; i--) {
            char c = domain.charAt(i);
            if (c == '.' && i < length - 1 && find(hash, domain, i + 1, true)) {
                return true;
            }
            if (c >= 0x80) {
                return false; // lists hold ASCII (IDNs as punycode), so no entry can match
            }
            hash = (hash ^ c) * FNV_PRIME;
        }
        return find(hash, domain, 0, false);
    }

    private boolean find(long hash, String domain, int from, boolean subdomain) {
        int mask = slots.length - 1;
        for (int slot = spread(hash) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
            int entry = slots[slot] - 1;
            if (sameName(names, start(entry), ends[entry], domain, from)) {
                return !subdomain || !isExactOnly(exactOnly, entry);
            }
        }
        return false;
    }

    private int start(int entry) {
        return entry == 0 ? 0 : ends[entry - 1];
    }

    private static boolean sameName(byte[] names, int start, int end, CharSequence domain, int from) {
        if (end - start != domain.length() - from) {
            return false;
        }
        for (int i = start, j = from; i < end; i++, j++) {
            if (names[i] != domain.charAt(j)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isExactOnly(long[] bits, int entry) {
        return (bits[entry >>> 6] & (1L << entry)) != 0;
    }

    private static int spread(long hash) {
        long h = hash ^ (hash >>> 29);
        h *= 0xbf58476d1ce4e5b9L;
        return (int) (h ^ (h >>> 32));
    }

    private static long hashOf(byte[] bytes, int start, int end) {
        long hash = FNV_OFFSET;
        for (int i = end - 1; i >= start; i--) {
            hash = (hash ^ bytes[i]) * FNV_PRIME;
        }
        return hash;
    }

    /** Collects names (already checked and lower case) and builds the list; not thread-safe, used once. */
    static final class Builder {

        private final String name;
        private byte[] names = new byte[1024];
        private int used;
        private int[] ends = new int[64];
        private long[] exactOnly = new long[1];
        private int[] slots = new int[128];
        private int count;

        Builder(String name) {
            this.name = name;
        }

        /**
         * Adds {@code bytes[start, end)}, a checked lower-case name. A name listed twice matches subdomains if
         * either listing does.
         */
        void add(byte[] bytes, int start, int end, boolean exact) {
            int mask = slots.length - 1;
            int slot = spread(hashOf(bytes, start, end)) & mask;
            for (; slots[slot] != 0; slot = (slot + 1) & mask) {
                int entry = slots[slot] - 1;
                int entryStart = entry == 0 ? 0 : ends[entry - 1];
                if (Arrays.equals(names, entryStart, ends[entry], bytes, start, end)) {
                    if (!exact) {
                        exactOnly[entry >>> 6] &= ~(1L << entry);
                    }
                    return;
                }
            }
            int length = end - start;
            if (used + length > names.length) {
                names = Arrays.copyOf(names, Math.max(names.length * 2, used + length));
            }
            System.arraycopy(bytes, start, names, used, length);
            used += length;
            if (count == ends.length) {
                ends = Arrays.copyOf(ends, count * 2);
                exactOnly = Arrays.copyOf(exactOnly, ends.length / 64 + 1);
            }
            ends[count] = used;
            if (exact) {
                exactOnly[count >>> 6] |= 1L << count;
            }
            slots[slot] = ++count;
            if (count * 2 > slots.length) {
                rehash(slots.length * 2);
            }
        }

        private void rehash(int capacity) {
            int[] bigger = new int[capacity];
            int mask = capacity - 1;
            for (int entry = 0, start = 0; entry < count; start = ends[entry], entry++) {
                int slot = spread(hashOf(names, start, ends[entry])) & mask;
                while (bigger[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                bigger[slot] = entry + 1;
            }
            slots = bigger;
        }

        /** The list, its arrays trimmed to what it holds. */
        DomainList build() {
            return new DomainList(name, Arrays.copyOf(names, used), Arrays.copyOf(ends, count),
                Arrays.copyOf(exactOnly, count / 64 + 1), slots, count);
        }
    }
}
