package org.vireo.balancer.internal.schedule;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Chooses the scanner for a new client connection: weighted rendezvous hashing (highest random weight; Thaler and
 * Ravishankar, 1998; the weighted form of Schindelhauer and Schomaker, 2005) over the client's address, with the
 * bounded-load rule of consistent hashing with bounded loads (Mirrokni, Thorup, Zadimoghaddam, 2018).
 *
 * <ul>
 * <li><b>Affinity</b>: a client goes where it went last time (an entry per client, forgotten after it is idle
 *     for the affinity time) and otherwise to the scanner with the highest score {@code w / -ln(u)}, u a hash of
 *     the client and the scanner in (0, 1): its FTP data connections and sessions follow its control
 *     connection.</li>
 * <li><b>Load weighting</b>: a new client lands on a scanner with a probability proportional to its effective
 *     weight: the static weight times the room the scanner reports (1 - the higher of CPU and memory, at least
 *     5 %) times slow start (a scanner back from down ramps from 10 % to 100 % over the slow-start time). A ring
 *     (plain consistent hashing) would weigh only through the bound, so with few connections open a scanner at
 *     90 % CPU would get as many new clients as one at 10 %.</li>
 * <li><b>Bounded loads</b>: no scanner takes a new connection beyond {@code ceil(c * (A + 1) * w / W)} (A the
 *     connections open to all eligible scanners, counted as at least {@value #MIN_FAIR_SHARE} per scanner, w its
 *     effective weight, W their sum); a client whose scanner is full goes to its next-highest score with room,
 *     and only while it is full.</li>
 * <li><b>Stability</b>: a client's scores do not depend on the other scanners, so a scanner that goes down moves
 *     only its own clients, and they come back when it does once their affinity has expired; two directors with the same table and loads send a
 *     client to the same scanner (the one that takes over after a failover keeps the clients where they were).</li>
 * </ul>
 *
 * Pure: the clock is injected; not thread-safe (the balancer calls it from one thread, or under a lock).
 */
public final class Scheduler {

    static final double MIN_ROOM = 0.05;
    static final double SLOW_START_FLOOR = 0.1;
    /**
     * The bound counts at least this many connections per eligible scanner: below that a "fair share" is noise,
     * and a strict bound would split one client's few connections (an FTP control and data connection) apart.
     */
    static final int MIN_FAIR_SHARE = 16;

    private double c;
    private long affinityIdleNanos;
    private long slowStartNanos;
    private final LongSupplier nanos;
    private final Map<String, Integer> active = new HashMap<>();
    private final LinkedHashMap<String, Affinity> affinity = new LinkedHashMap<>(16, 0.75f, true);
    private Map<String, Candidate> candidates = Map.of();
    /** Each scanner's id hashed once: the seed its scores are drawn from. */
    private final Map<String, Long> seeds = new HashMap<>();
    /** The effective weights with nothing excluded once no scanner ramps: then only update and tune change them. */
    private Map<String, Double> steady;
    private double steadyTotal;

    private static final class Affinity {
        String scanner;
        long lastUsed;

        Affinity(String scanner, long lastUsed) {
            this.scanner = scanner;
            this.lastUsed = lastUsed;
        }
    }

    /**
     * @param c                 the bound factor (&gt; 1): no scanner gets more than c times its fair share
     * @param affinityIdleNanos a client's affinity is forgotten after it is idle this long
     * @param slowStartNanos    how long a recovering scanner ramps up (0: none)
     * @param nanos             the monotonic clock
     */
    public Scheduler(double c, long affinityIdleNanos, long slowStartNanos, LongSupplier nanos) {
        this.nanos = nanos;
        tune(c, affinityIdleNanos, slowStartNanos);
    }

    /** New settings (the operator changed them): open connections and affinities carry over. */
    public void tune(double c, long affinityIdleNanos, long slowStartNanos) {
        if (!(c > 1)) {
            throw new IllegalArgumentException("bound factor " + c + ": expected more than 1");
        }
        this.c = c;
        this.affinityIdleNanos = affinityIdleNanos;
        this.slowStartNanos = slowStartNanos;
        steady = null;
    }

    /** The scanner table now (health, load, drain, weights). */
    public void update(List<Candidate> table) {
        Map<String, Candidate> next = new LinkedHashMap<>();
        table.forEach(t -> next.put(t.id(), t));
        candidates = next;
        steady = null;
        active.keySet().retainAll(next.keySet());
        seeds.keySet().retainAll(next.keySet());
        next.keySet().forEach(id -> seeds.computeIfAbsent(id, Scheduler::hash));
    }

    /**
     * The scanner for a new connection of {@code client}, skipping {@code excluded} (scanners a connect just
     * failed to); empty when no scanner can take it. The caller reports the connection with {@link #opened} (the
     * balancer's pool does so at the pick, so that connects under way count against the bound) and {@link #closed}
     * when it ends or its connect fails.
     */
    public Optional<String> pick(String client, Set<String> excluded) {
        long now = nanos.getAsLong();
        expireAffinities(now);
        Map<String, Double> weights;
        double total;
        if (steady != null && excluded.isEmpty()) {
            weights = steady;
            total = steadyTotal;
        } else {
            weights = effectiveWeights(now, excluded);
            total = 0;
            for (double w : weights.values()) {
                total += w;
            }
            if (excluded.isEmpty() && !ramping(now)) {
                steady = weights;
                steadyTotal = total;
            }
        }
        if (weights.isEmpty()) {
            return Optional.empty();
        }
        int open = 0;
        for (String id : weights.keySet()) {
            open += active.getOrDefault(id, 0);
        }
        open = Math.max(open, MIN_FAIR_SHARE * weights.size() - 1);
        Affinity known = affinity.get(client);
        if (known != null && hasRoom(known.scanner, weights, total, open)) {
            known.lastUsed = now;
            return Optional.of(known.scanner);
        }
        String chosen = walk(client, weights, total, open);
        if (chosen == null) { // every eligible scanner at its bound (rounding): the least loaded relative to weight
            chosen = weights.entrySet().stream().min((a, b) -> Double.compare(
                active.getOrDefault(a.getKey(), 0) / a.getValue(), active.getOrDefault(b.getKey(), 0) / b.getValue()))
                .orElseThrow().getKey();
        }
        if (known == null) {
            affinity.put(client, new Affinity(chosen, now));
        } else {
            known.scanner = chosen;
            known.lastUsed = now;
        }
        return Optional.of(chosen);
    }

    /** The eligible scanner with room and the highest score for this client; null when all are full. */
    private String walk(String client, Map<String, Double> weights, double total, int open) {
        long c = hash(client);
        String best = null;
        double bestScore = -1;
        for (Map.Entry<String, Double> e : weights.entrySet()) {
            if (!hasRoom(e.getKey(), weights, total, open)) {
                continue;
            }
            double score = score(c, seeds.get(e.getKey()), e.getValue());
            if (score > bestScore) {
                bestScore = score;
                best = e.getKey();
            }
        }
        return best;
    }

    /** {@code weight / -ln(u)}, u uniform in (0, 1) from the client's and the scanner's hashes together. */
    static double score(long clientHash, long scannerSeed, double weight) {
        long h = mix(clientHash ^ scannerSeed);
        double u = ((h >>> 11) + 0.5) * 0x1.0p-53; // never 0 nor 1
        return weight / -Math.log(u);
    }

    private boolean hasRoom(String id, Map<String, Double> weights, double total, int open) {
        Double w = weights.get(id);
        if (w == null) {
            return false;
        }
        double bound = Math.ceil(c * (open + 1) * w / total);
        return active.getOrDefault(id, 0) + 1 <= bound;
    }

    /** The eligible scanners (healthy, not drained, not excluded, weight above 0) and their effective weights. */
    Map<String, Double> effectiveWeights(long now, Set<String> excluded) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Candidate t : candidates.values()) {
            if (!t.healthy() || t.drained() || t.weight() <= 0 || excluded.contains(t.id())) {
                continue;
            }
            double used = Math.max(t.cpu(), t.memory());
            double room = used < 0 ? 1.0 : Math.max(MIN_ROOM, 1.0 - Math.min(1.0, used));
            double ramp = 1.0;
            if (slowStartNanos > 0) {
                long up = now - t.upSinceNanos();
                ramp = Math.max(SLOW_START_FLOOR, Math.min(1.0, (double) up / slowStartNanos));
            }
            out.put(t.id(), t.weight() * room * ramp);
        }
        return out;
    }

    /** Some healthy scanner is still in slow start: its weight moves with the clock. */
    private boolean ramping(long now) {
        if (slowStartNanos <= 0) {
            return false;
        }
        for (Candidate t : candidates.values()) {
            if (t.healthy() && now - t.upSinceNanos() < slowStartNanos) {
                return true;
            }
        }
        return false;
    }

    /** The eligible scanners' effective weights now (for metrics): healthy, not drained, weight above 0. */
    public Map<String, Double> weights() {
        return effectiveWeights(nanos.getAsLong(), Set.of());
    }

    public void opened(String scanner) {
        active.merge(scanner, 1, Integer::sum);
    }

    public void closed(String scanner) {
        active.computeIfPresent(scanner, (k, v) -> v <= 1 ? null : v - 1);
    }

    public int active(String scanner) {
        return active.getOrDefault(scanner, 0);
    }

    /** Clients with an affinity now. */
    public int affinities() {
        expireAffinities(nanos.getAsLong());
        return affinity.size();
    }

    /** Clients with an affinity now, by their scanner (scanners without any left out). */
    public Map<String, Integer> affinitiesByScanner() {
        expireAffinities(nanos.getAsLong());
        Map<String, Integer> out = new HashMap<>();
        for (Affinity a : affinity.values()) {
            out.merge(a.scanner, 1, Integer::sum);
        }
        return out;
    }

    private void expireAffinities(long now) {
        // access order: the least recently used first, so the sweep stops at the first one still fresh
        for (Iterator<Affinity> it = affinity.values().iterator(); it.hasNext(); ) {
            if (now - it.next().lastUsed > affinityIdleNanos) {
                it.remove();
            } else {
                break;
            }
        }
    }

    /** FNV-1a over the UTF-8 bytes, then the 64-bit finaliser of MurmurHash3: spread, cheap, stable. */
    static long hash(String key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return mix(h);
    }

    /** The 64-bit finaliser of MurmurHash3. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

}
