package org.vireo.vrrp.internal.drill;

import java.time.Duration;
import java.util.Optional;

import org.vireo.cluster.MemberProbes;

/** The figures of a drill from what its probe saw and what the new master recorded. */
final class DrillAnalysis {

    private DrillAnalysis() {
    }

    /** The probe's attempts that started in [{@code fromNanos}, {@code toNanos}) as one handover's figures. */
    static DrillResult.Phase phase(MemberProbes.Result result, long fromNanos, long toNanos) {
        MemberProbes.Result part = new MemberProbes.Result(result.member(), result.target(), result.started(),
            result.attempts().stream().filter(a -> a.startNanos() >= fromNanos && a.startNanos() < toNanos).toList());
        Optional<MemberProbes.Gap> gap = part.longestGap();
        return new DrillResult.Phase(gap.map(g -> g.nanos() / 1e6).orElse(-1.0), part.failed(),
            part.attempts().size(), gap.map(g -> g.fromNanos() / 1e6).orElse(-1.0));
    }

    /** From the old master's last advert heard to the new master's first, in the new master's clock. */
    static Optional<Double> gapMillis(TakeoverRecord r) {
        if (r.lastAdvertHeard().isEmpty() || r.firstAdvertSent().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Duration.between(r.lastAdvertHeard().get(), r.firstAdvertSent().get()).toNanos() / 1e6);
    }
}
