package org.vireo.rules.internal;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.vireo.rules.Rules;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

/**
 * A loaded rules file: ordered rules, first match wins, else the default. Immutable, so the proxy's I/O threads
 * share it without locks; a new file makes a new set.
 *
 * @param source      the rules file
 * @param loadedAt    when it was read
 * @param contentHash SHA-256 (hex) over the rules file and every list it read, for config sync to compare nodes
 * @param rules       in file order
 * @param fallback    the verdict when no rule matches ({@code rule} is {@code null})
 * @param lists       every list file read (domain lists and categories), in the order first named
 */
public record RuleSet(Path source, Instant loadedAt, String contentHash, List<Rule> rules, Verdict fallback,
                      List<ListInfo> lists) implements Rules.RuleBook {

    /**
     * One list file as {@code scanner:rules} shows it.
     *
     * @param name        as the rules file names it ({@code ads.txt}, or {@code category adult})
     * @param file        where it was read
     * @param entries     distinct names
     * @param memoryBytes the heap its structure takes
     */
    public record ListInfo(String name, Path file, int entries, long memoryBytes) {
    }

    public RuleSet {
        rules = List.copyOf(rules);
        lists = List.copyOf(lists);
    }

    /**
     * The verdict of the first rule that matches, else the default. Before the host is resolved (no destination in
     * the request), a rule whose other conditions match but that has a {@code destination} condition leaves the
     * verdict {@link Verdict#undecided}: the caller resolves and asks again for each address. Rules above it decide
     * without a lookup, so a blocked name costs no DNS query.
     */
    @Override
    public Verdict decide(RequestFacts request) {
        String domain = DomainNames.ofHost(request.host());
        for (Rule rule : rules) {
            if (rule.firstFailed(request, domain) == null) {
                return verdictOf(rule, request);
            }
        }
        return fallback;
    }

    /**
     * How {@link #decide} came to its verdict, for {@code scanner:check}: one line per rule tried (the first
     * condition that failed), then the rule that matched or the default.
     */
    @Override
    public List<String> explain(RequestFacts request) {
        String domain = DomainNames.ofHost(request.host());
        List<String> steps = new ArrayList<>();
        for (Rule rule : rules) {
            Condition failed = rule.firstFailed(request, domain);
            String at = "rule " + rule.name() + " (line " + rule.line() + "): ";
            if (failed == null) {
                Verdict verdict = verdictOf(rule, request);
                steps.add(at + (verdict.undecided() ? rule.destination().text() + ": the destination address is not "
                    + "known (give one with --destination)" : "matched: " + describe(verdict)));
                return steps;
            }
            steps.add(at + failed.text() + " did not match");
        }
        steps.add("no rule matched: default " + describe(fallback));
        return steps;
    }

    private static Verdict verdictOf(Rule rule, RequestFacts request) {
        Condition.Destination destination = rule.destination();
        if (destination == null) {
            return new Verdict(rule.allow(), rule.name(), rule.reason());
        }
        return request.destination() == null ? Verdict.undecided(rule.name())
            : new Verdict(rule.allow(), rule.name(), rule.reason(), destination.matching(request), false);
    }

    private static String describe(Verdict verdict) {
        return verdict.allowed() ? "allow" : "block \"" + verdict.reason() + "\"";
    }
}
