/**
 * Notifications: sinks that take the node's events from its event log ({@code org.vireo.events.EventLog}) and send
 * them out of the node, each on a thread of its own and in the log's order: hooks (an executable run per event,
 * one at a time, with a timeout), webhooks, syslog, SNMP traps and informs. Each sink is a
 * {@link org.vireo.notify.NotifySink} service, which the shell ({@code notify:list}, {@code notify:test}) reads.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.vireo.notify;
