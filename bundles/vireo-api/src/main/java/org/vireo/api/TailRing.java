package org.vireo.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Predicate;

/**
 * The newest entries of something that happens often (log lines, proxied requests), for the API's tail routes and
 * their shell commands: a fixed number of slots, each entry numbered 1, 2, 3 ... in the order it was claimed, the
 * oldest overwritten. Adding takes no lock and allocates nothing (the caller's entry aside), so writers on a data path
 * never wait for one another nor for a reader; a reader copies the slots and orders them by number.
 *
 * @param <T> the entries; each carries the number it was claimed with, so a reader never pairs a slot with a number
 *            of another writer
 */
public final class TailRing<T extends TailRing.Numbered> {

    /** An entry that knows its own number. */
    public interface Numbered {
        long seq();
    }

    private final AtomicReferenceArray<T> slots;
    private final AtomicLong last = new AtomicLong();

    /** @param capacity how many of the newest entries are held, 1 or more */
    public TailRing(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity + ": expected 1 or more");
        }
        slots = new AtomicReferenceArray<>(capacity);
    }

    /** The number of the next entry: build it with this number, then {@link #put} it. */
    public long claim() {
        return last.incrementAndGet();
    }

    /** Puts an entry built with a number of {@link #claim}, over the entry {@code capacity} numbers older. */
    public void put(T entry) {
        slots.set((int) (entry.seq() % slots.length()), entry);
    }

    /** The number of the last entry claimed; 0 before the first. */
    public long last() {
        return last.get();
    }

    public int capacity() {
        return slots.length();
    }

    /**
     * The entries held that {@code filter} accepts, oldest first: with {@code after} below 0 the newest {@code limit}
     * of them (a tail), else the first {@code limit} numbered above {@code after} (a page, for a reader that polls
     * with the last number it saw).
     */
    public List<T> read(long after, Predicate<? super T> filter, int limit) {
        List<T> held = held(Math.max(after, 0), filter);
        if (held.size() <= limit) {
            return held;
        }
        return List.copyOf(after < 0 ? held.subList(held.size() - limit, held.size()) : held.subList(0, limit));
    }

    private List<T> held(long after, Predicate<? super T> filter) {
        long newest = last.get();
        List<T> held = new ArrayList<>();
        for (int i = 0; i < slots.length(); i++) {
            T entry = slots.get(i);
            // a slot claimed but not yet put still holds an older entry: it is no less true, only older
            if (entry != null && entry.seq() > after && entry.seq() <= newest && filter.test(entry)) {
                held.add(entry);
            }
        }
        held.sort(Comparator.comparingLong(Numbered::seq));
        return held;
    }
}
