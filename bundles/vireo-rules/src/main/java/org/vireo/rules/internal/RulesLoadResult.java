package org.vireo.rules.internal;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link RulesLoader} made of a rules file: a new rule set to switch to, or the reasons it was refused (then
 * the caller keeps the rule set it has).
 */
public sealed interface RulesLoadResult {

    /** The file and all its lists were read without error. */
    record Loaded(RuleSet ruleSet) implements RulesLoadResult {
    }

    /**
     * The file was refused as a whole.
     *
     * @param file   the rules file
     * @param errors the first errors, each {@code <file>:<line>: <what was wrong>: <what is accepted>}, in the order
     *               found (at most {@value Problems#KEPT})
     * @param more   how many more errors were found and not kept
     */
    record Refused(Path file, List<String> errors, long more) implements RulesLoadResult {

        public Refused {
            errors = List.copyOf(errors);
        }

        static Refused of(Path file, Problems problems) {
            return new Refused(file, problems.first(), problems.more());
        }

        /** The errors kept and how many more, in one message for a log line or an exception. */
        public String message() {
            return "rules " + file + " refused (the rules in force stay): " + summary(errors.size());
        }

        /** The first {@code shown} errors and {@code and <n> more}. */
        public String summary(int shown) {
            return Problems.summary(errors, errors.size() + more, shown);
        }

        /** The same, one error per element: {@code file:line: what}, then {@code and <n> more errors}. */
        public List<String> lines(int shown) {
            return Problems.lines(errors, errors.size() + more, shown);
        }
    }
}
