package org.vireo.rules;

/**
 * The web security rules as the proxy sees them: one decision per request or tunnel, made on an I/O thread, so it
 * must not block. A new rule set replaces the whole policy at once; requests already decided keep their verdict.
 */
@FunctionalInterface
public interface Policy {

    Verdict decide(RequestFacts request);
}
