package org.vireo.cluster.command;

import java.time.Instant;

import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.Edit;

/** How the commands show edits. */
final class Documents {

    private Documents() {
    }

    static String time(Edit e) {
        return e.initial() ? "first start" : Instant.ofEpochMilli(e.version().millis()).toString();
    }

    static String change(Edit e) {
        return e.deleted() ? "deleted" : e.size() + " bytes, sha256 " + e.shortDigest() + "…";
    }

    /** current, lost (kept), or overwritten (a later edit was made knowing it). */
    static String fate(DocumentRecord r, Edit e) {
        if (r.current().equals(e)) {
            return "current";
        }
        if (r.losers().contains(e)) {
            return "LOST a conflict (kept: cluster:conflicts)";
        }
        return e.initial() ? "initial, replaced" : "replaced";
    }
}
