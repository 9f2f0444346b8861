package org.vireo.rules;

import java.nio.file.Path;
import java.util.List;

/**
 * The web security rules in force on this node (a service): the rule set of the last rules file that loaded, or,
 * until one has, a set that blocks every request. As a {@link Policy} it decides with whatever set is current.
 */
public interface Rules extends Policy {

    /** The rule set in force now; it does not change under the caller (a reload replaces it). */
    RuleBook current();

    /** One loaded rule set, immutable. */
    interface RuleBook extends Policy {

        /** The rules file it was read from. */
        Path source();

        /** SHA-256 over the file and every list it read (the same on every node with the same rules); empty when none loaded. */
        String contentHash();

        /**
         * How {@link #decide} comes to its verdict: one line per rule tried (the first condition that did not match,
         * or the match), then the default if no rule matched.
         */
        List<String> explain(RequestFacts request);
    }
}
