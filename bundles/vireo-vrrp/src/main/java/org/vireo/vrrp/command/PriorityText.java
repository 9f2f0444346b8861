package org.vireo.vrrp.command;

import java.util.Locale;

import org.vireo.config.AddressText;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpTakeover;
import org.vireo.vrrp.VrrpTransition;

/** How {@code vrrp:show} words a priority deduction and a transition: the API's fields, in one line each. */
final class PriorityText {

    private PriorityText() {
    }

    /** {@code monitor web}, {@code override operator}. */
    static String what(PriorityDeduction d) {
        return d.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " " + d.name();
    }

    /** {@code -60: down (since 2026-12-04T15:02:11Z)}, {@code to 0 (-120): missing (not configured on this node)}. */
    static String amount(PriorityDeduction d) {
        String amount = d.amount() < 0 ? "+" + -d.amount() : "-" + d.amount();
        return (d.toZero() ? "to 0 (" + amount + ")" : amount) + ": " + d.detail()
            + d.since().map(s -> " (since " + s + ")").orElse("");
    }

    /** {@code BACKUP -> MASTER at 2026-...: preempted the master 192.0.2.2 (...) [peer 192.0.2.2]}. */
    /** {@code 609.4 ms without adverts: from 192.0.2.2's last at ... to this node's first at ...}. */
    static String takeover(VrrpTakeover t) {
        if (t.gap().isEmpty()) {
            return "no master heard before it; first advert at " + t.firstAdvertSent();
        }
        return String.format(Locale.ROOT, "%.1f ms without adverts: from %s's last at %s to this node's"
            + " first at %s", t.gap().get().toNanos() / 1e6, t.previousMaster().map(AddressText::of)
            .orElse("?"), t.lastAdvertHeard().orElseThrow(), t.firstAdvertSent());
    }

    static String transition(VrrpTransition t) {
        return t.from() + " -> " + t.to() + " at " + t.at() + ": " + t.cause()
            + t.peer().map(p -> " [peer " + AddressText.of(p) + "]").orElse("");
    }
}
