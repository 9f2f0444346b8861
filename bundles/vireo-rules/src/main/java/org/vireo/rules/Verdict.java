package org.vireo.rules;

/**
 * What the rules decided for one request.
 *
 * @param allowed     whether the request may go on
 * @param rule        the name of the rule that matched, or {@code null} when none did (the rule set's default
 *                    applied); {@code destination:<kind>} when the proxy refused a protected address
 * @param reason      for a block, the reason shown on the block page and logged; for an allow, may be empty
 * @param destination the network of the matching rule's {@code destination} condition that holds the destination,
 *                    or {@code null} when the rule has none: only such a rule allows a protected destination
 * @param undecided   the rules cannot decide before the host is resolved: a rule whose other conditions match has a
 *                    {@code destination} condition ({@code allowed} is then false and means nothing yet)
 */
public record Verdict(boolean allowed, String rule, String reason, Network destination, boolean undecided) {

    /** A verdict that does not depend on the destination's address. */
    public Verdict(boolean allowed, String rule, String reason) {
        this(allowed, rule, reason, null, false);
    }

    /** The verdict waits for the destination's address because of {@code rule}. */
    public static Verdict undecided(String rule) {
        return new Verdict(false, rule, "the verdict depends on the destination address", null, true);
    }

    /** How the shell commands print it: {@code allow (rule lab)}, {@code block (the default): not on the list}. */
    public String describe() {
        String by = rule == null ? "the default" : "rule " + rule;
        return allowed ? "allow (" + by + ")" : "block (" + by + "): " + reason;
    }
}
