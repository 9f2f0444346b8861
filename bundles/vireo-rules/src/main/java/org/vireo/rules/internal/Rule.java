package org.vireo.rules.internal;

import java.util.List;

import org.vireo.rules.RequestFacts;

/**
 * One rule: it matches when every condition does (a rule without conditions matches every request).
 *
 * @param name       unique in its file
 * @param line       where the file defines it (1-based)
 * @param allow      its action: allow or block
 * @param reason     for a block, what the block page and the log say
 * @param conditions one per condition type named, in the order written
 */
public record Rule(String name, int line, boolean allow, String reason, List<Condition> conditions) {

    public Rule {
        conditions = List.copyOf(conditions);
    }

    /**
     * The first condition the request fails, or {@code null} when the rule matches; while the request's destination
     * is not known its {@code destination} condition is passed over (see {@link #destination}).
     */
    Condition firstFailed(RequestFacts request, String domain) {
        for (Condition condition : conditions) {
            if (!(condition instanceof Condition.Destination && request.destination() == null)
                && !condition.matches(request, domain)) {
                return condition;
            }
        }
        return null;
    }

    /** The rule's {@code destination} condition, or {@code null} when it has none. */
    Condition.Destination destination() {
        for (Condition condition : conditions) {
            if (condition instanceof Condition.Destination destination) {
                return destination;
            }
        }
        return null;
    }
}
