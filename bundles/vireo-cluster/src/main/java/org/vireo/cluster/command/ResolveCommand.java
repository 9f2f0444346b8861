package org.vireo.cluster.command;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocuments;

@Service
@Command(scope = "cluster", name = "resolve", description = "Resolves a conflict by keeping one of its edits: the"
    + " winner (it stays in force) or a lost edit (its content comes back); the conflict leaves cluster:conflicts on"
    + " every node.",
    detailedDescription = "The version is one cluster:conflicts lists, in its 'Lost edit' or 'Current version'"
        + " column. The resolution is a new edit of the document, made knowing both sides: it is validated like any"
        + " change made here, sent to every member, and every edit it saw is settled. An edit a member makes at the"
        + " same time, not knowing the resolution, is a new conflict. The same as POST"
        + " /api/v1/cluster/conflicts/<version>/keep.")
public class ResolveCommand implements Action {

    @Reference
    VersionedDocuments documents;

    @Argument(index = 0, name = "version", required = true, description = "The edit to keep:"
        + " <millis>.<counter>@<node>, as cluster:conflicts lists it")
    String version;

    /** A refusal (no such conflict, a malformed version, content refused here) fails the command with its reason. */
    @Override
    public Object execute() throws DocumentException {
        System.out.println(describe(documents.resolve(DocumentVersion.parse(version))));
        return null;
    }

    static String describe(VersionedDocuments.Resolution r) {
        return "Conflict of " + r.document() + " resolved: kept " + (r.keptWinner() ? "the winner " + r.kept()
            : "the lost edit " + r.kept() + " (in place of " + r.replaced() + ")") + "; the document is at version "
            + r.version() + ", sent to every member";
    }
}
