package org.vireo.scanner.internal.rules;

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
     * @param errors each {@code <file>:<line>: <what was wrong>: <what is accepted>}, in file order
     */
    record Refused(Path file, List<String> errors) implements RulesLoadResult {

        public Refused {
            errors = List.copyOf(errors);
        }

        /** All errors in one message, for a log line or an exception. */
        public String message() {
            return "rules " + file + " refused (the rules in force stay): " + String.join("; ", errors);
        }
    }
}
