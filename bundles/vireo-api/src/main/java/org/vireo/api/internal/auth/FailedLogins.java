package org.vireo.api.internal.auth;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Failed logins per client address, to refuse guessing: an address with {@code limit} failures within the last
 * {@code window} is refused without its credentials being checked until the oldest of them leaves the window. A
 * success clears the address. Pure (the clock is injected) and thread-safe.
 *
 * <p>Memory is bounded: at most {@code maxAddresses} addresses are remembered; a new one past that first drops the
 * addresses whose failures have all left the window, then the one least recently failed. An attacker with more
 * addresses than that can thus make an address forget its failures: the bound trades that for a heap an attacker
 * cannot fill.
 */
public final class FailedLogins {

    private final int limit;
    private final long windowNanos;
    private final int maxAddresses;
    private final LongSupplier nanoClock;
    /** Access-ordered: the first entry is the least recently failed. */
    private final Map<String, ArrayDeque<Long>> failures = new LinkedHashMap<>(16, 0.75f, true);

    public FailedLogins(int limit, Duration window, int maxAddresses, LongSupplier nanoClock) {
        if (limit < 1 || maxAddresses < 1 || window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("limit and maxAddresses at least 1, window positive");
        }
        this.limit = limit;
        this.windowNanos = window.toNanos();
        this.maxAddresses = maxAddresses;
        this.nanoClock = nanoClock;
    }

    /** How long {@code address} is still refused: empty if it may try now. */
    public synchronized OptionalLong refusedForMillis(String address) {
        ArrayDeque<Long> times = failures.get(address);
        if (times == null) {
            return OptionalLong.empty();
        }
        long now = nanoClock.getAsLong();
        expire(times, now);
        if (times.size() < limit) {
            return OptionalLong.empty();
        }
        long leavesWindow = times.peekFirst() + windowNanos - now;
        return OptionalLong.of(Math.max(1, Duration.ofNanos(leavesWindow).toMillis()));
    }

    /** Counts a failure of {@code address}; returns how many it has within the window, this one included. */
    public synchronized int failed(String address) {
        long now = nanoClock.getAsLong();
        ArrayDeque<Long> times = failures.get(address);
        if (times == null) {
            makeRoom(now);
            times = new ArrayDeque<>(limit);
            failures.put(address, times);
        }
        expire(times, now);
        if (times.size() == limit) {
            times.pollFirst(); // more than the limit says nothing more: keep the newest
        }
        times.addLast(now);
        return times.size();
    }

    public synchronized void succeeded(String address) {
        failures.remove(address);
    }

    public int limit() {
        return limit;
    }

    public Duration window() {
        return Duration.ofNanos(windowNanos);
    }

    synchronized int addressesRemembered() {
        return failures.size();
    }

    private void expire(ArrayDeque<Long> times, long now) {
        while (!times.isEmpty() && now - times.peekFirst() >= windowNanos) {
            times.pollFirst();
        }
    }

    private void makeRoom(long now) {
        if (failures.size() < maxAddresses) {
            return;
        }
        for (Iterator<ArrayDeque<Long>> it = failures.values().iterator(); it.hasNext(); ) {
            ArrayDeque<Long> times = it.next();
            expire(times, now);
            if (times.isEmpty()) {
                it.remove();
            }
        }
        if (failures.size() >= maxAddresses) {
            Iterator<String> oldest = failures.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
    }
}
