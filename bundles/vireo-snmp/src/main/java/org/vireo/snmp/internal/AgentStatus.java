package org.vireo.snmp.internal;

/** The agent as notify:snmp shows it (a service of this bundle, for its command only). */
public interface AgentStatus {

    /** Lines for people: off, or where it listens and to whom, what it answered; why a configuration is refused. */
    String describe();
}
