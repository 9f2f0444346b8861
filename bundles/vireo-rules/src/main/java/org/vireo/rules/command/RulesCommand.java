package org.vireo.rules.command;

import java.util.Locale;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.rules.internal.Condition;
import org.vireo.rules.internal.Rule;
import org.vireo.rules.internal.RuleSet;
import org.vireo.rules.internal.RulesComponent;

@Service
@Command(scope = "scanner", name = "rules", description = "Shows the web security rules in force on this node.",
    detailedDescription = "The rules file in force, when it was loaded, its SHA-256 (over the file and every list it"
        + " read: compare it between nodes), the default, every rule in file order (first match wins) with its"
        + " conditions as written, and every list file with its entries and the heap it takes. When the last reload"
        + " was refused, says why: the rules shown stay in force until a file loads.")
public class RulesCommand implements Action {

    @Reference
    RulesComponent rules;

    @Override
    public Object execute() {
        RuleSet ruleSet = rules.current();
        System.out.println("File:      " + ruleSet.source());
        if (ruleSet.contentHash().isEmpty()) {
            System.out.println("Loaded:    never (every request is blocked until the file loads)");
        } else {
            System.out.println("Loaded at: " + ruleSet.loadedAt());
            System.out.println("SHA-256:   " + ruleSet.contentHash());
        }
        System.out.println("Rules:     " + ruleSet.rules().size());
        System.out.println("Default:   " + ruleSet.fallback().describe());
        rules.lastRefusal().ifPresent(why -> System.out.println("Last reload refused: " + why));
        if (!ruleSet.rules().isEmpty()) {
            System.out.println();
            ruleTable(ruleSet).print(System.out);
        }
        if (!ruleSet.lists().isEmpty()) {
            System.out.println();
            listTable(ruleSet).print(System.out);
        }
        return null;
    }

    private static ShellTable ruleTable(RuleSet ruleSet) {
        ShellTable table = new ShellTable();
        table.column("Line").alignRight();
        table.column("Name");
        table.column("Action");
        table.column("Reason");
        table.column("Conditions");
        for (Rule rule : ruleSet.rules()) {
            table.addRow().addContent(rule.line(), rule.name(), rule.allow() ? "allow" : "block",
                rule.allow() ? "" : rule.reason(),
                rule.conditions().stream().map(Condition::text).collect(Collectors.joining(" ")));
        }
        return table;
    }

    private static ShellTable listTable(RuleSet ruleSet) {
        ShellTable table = new ShellTable();
        table.column("List");
        table.column("File");
        table.column("Entries").alignRight();
        table.column("Memory").alignRight();
        for (RuleSet.ListInfo list : ruleSet.lists()) {
            table.addRow().addContent(list.name(), list.file(), list.entries(), mebibytes(list.memoryBytes()));
        }
        return table;
    }

    private static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (1024.0 * 1024.0));
    }
}
