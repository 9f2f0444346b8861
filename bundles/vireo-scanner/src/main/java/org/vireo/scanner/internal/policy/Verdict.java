package org.vireo.scanner.internal.policy;

/**
 * What the rules decided for one request.
 *
 * @param allowed whether the request may go on
 * @param rule    the name of the rule that matched, or {@code null} when none did (the rule set's default applied)
 * @param reason  for a block, the reason shown on the block page and logged; for an allow, may be empty
 */
public record Verdict(boolean allowed, String rule, String reason) {
}
