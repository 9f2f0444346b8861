package org.vireo.srv.internal.redirect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.srv.internal.LoadScore;

/**
 * Where a client that asks this node for a service should go: here (200), to another node (302), or nowhere now
 * (503). Pure: it reads a snapshot of the node registry.
 *
 * <ul>
 * <li>A node is <b>eligible</b> when it reports (not stale), offers the service (its registry entry names a URL
 *     for it) and reports a load (its scanner runs): a node that is down, cut off or not serving is never a
 *     target.</li>
 * <li>Its <b>load score</b> is {@link LoadScore}'s (the DNS responder's SRV weights read the same). The clients
 *     this node has sent there (or served itself) since that load was measured count as connections too: otherwise a burst of clients within one report interval would all go to one node.</li>
 * <li>This node answers itself when it is eligible and within {@code margin} of the best score, so measurement
 *     noise does not send clients back and forth; otherwise it redirects to the lowest score (ties: by name).</li>
 * <li>A request that was already redirected is never redirected again: it is served here, or refused if this
 *     node cannot serve, so two nodes whose registries disagree for a moment cannot form a loop.</li>
 * </ul>
 */
public final class RedirectPolicy {

    private final double margin;
    private final LoadScore loadScore;

    public RedirectPolicy(double margin, int connectionsAtFullLoad) {
        this.margin = margin;
        this.loadScore = new LoadScore(connectionsAtFullLoad);
    }

    /** What a request gets. */
    public sealed interface Decision {
        /** This node serves it (200). */
        record Serve(ClusterNode self, double score) implements Decision {
        }

        /** Go to {@code target} at {@code url} (302). */
        record Redirect(ClusterNode target, String url, double score, double ownScore) implements Decision {
        }

        /** No node can take it now (503), and why. */
        record Unavailable(String reason) implements Decision {
        }
    }

    /** A node as the policy sees it, for {@code srv:redirects}: eligible or why not, and its score. */
    public record Assessment(ClusterNode node, Optional<String> url, boolean eligible, String why, double score) {
    }

    /** Every node of the snapshot, assessed for {@code service}, nothing pending. */
    public List<Assessment> assess(List<ClusterNode> nodes, String service) {
        return assess(nodes, service, n -> 0);
    }

    /**
     * Every node of the snapshot, assessed for {@code service}.
     *
     * @param pending the clients sent to a node since its load was measured (they are not in its report yet)
     */
    public List<Assessment> assess(List<ClusterNode> nodes, String service, ToIntFunction<ClusterNode> pending) {
        List<Assessment> out = new ArrayList<>(nodes.size());
        for (ClusterNode n : nodes) {
            Optional<String> url = Optional.ofNullable(n.services().get(service));
            double score = n.load().map(l -> loadScore.of(l, pending.applyAsInt(n))).orElse(Double.NaN);
            boolean eligible = !n.stale() && url.isPresent() && n.load().isPresent();
            String why;
            if (n.stale()) {
                why = "stale: no report since " + n.lastSeen();
            } else if (url.isEmpty()) {
                why = "does not offer " + service;
            } else if (n.load().isEmpty()) {
                why = "reports no load (its scanner does not run)";
            } else {
                why = "eligible";
            }
            out.add(new Assessment(n, url, eligible, why, score));
        }
        return out;
    }

    /**
     * The decision for a request for {@code service} arriving at this node.
     *
     * @param redirected the request carries the mark of an earlier redirect
     */
    public Decision decide(List<ClusterNode> nodes, String service, boolean redirected) {
        return decide(nodes, service, redirected, n -> 0);
    }

    /** The same, counting the clients sent to each node since its load was measured (see {@link #assess}). */
    public Decision decide(List<ClusterNode> nodes, String service, boolean redirected,
                           ToIntFunction<ClusterNode> pending) {
        List<Assessment> all = assess(nodes, service, pending);
        Optional<Assessment> self = all.stream().filter(a -> a.node().self()).findFirst();
        boolean selfEligible = self.map(Assessment::eligible).orElse(false);
        if (redirected) {
            return selfEligible ? new Decision.Serve(self.get().node(), self.get().score())
                : new Decision.Unavailable("redirected here, but this node cannot serve " + service + " now ("
                    + self.map(Assessment::why).orElse("not in the registry") + "); not redirected twice");
        }
        Optional<Assessment> best = all.stream().filter(Assessment::eligible)
            .min(Comparator.comparingDouble(Assessment::score).thenComparing(a -> a.node().name()));
        if (best.isEmpty()) {
            return new Decision.Unavailable("no node offers " + service + " now");
        }
        if (selfEligible && self.get().score() <= best.get().score() + margin) {
            return new Decision.Serve(self.get().node(), self.get().score());
        }
        Assessment target = best.get();
        return new Decision.Redirect(target.node(), target.url().orElseThrow(), target.score(),
            self.map(Assessment::score).orElse(Double.NaN));
    }

    /** The load score of a node's report ({@link LoadScore}). */
    double score(NodeLoad load) {
        return loadScore.of(load);
    }
}
