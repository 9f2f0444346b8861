package org.vireo.scanner.command;

import org.vireo.scanner.internal.policy.Verdict;

/** How the scanner's commands print a verdict. */
final class Verdicts {

    private Verdicts() {
    }

    static String describe(Verdict verdict) {
        String by = verdict.rule() == null ? "the default" : "rule " + verdict.rule();
        return verdict.allowed() ? "allow (" + by + ")" : "block (" + by + "): " + verdict.reason();
    }
}
