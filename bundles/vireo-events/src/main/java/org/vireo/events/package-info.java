/**
 * The node's event log: every event of this node's bundles (VRRP transitions, priority changes, monitors, scanner
 * pool, role, config sync, members) with a node-wide sequence number and a time, in one order, held in a bounded
 * history and readable from a sequence number on ({@link org.vireo.events.EventLog}). The management API's stream
 * ({@code GET /api/v1/events}) and the notification sinks read it.
 *
 * <p>Why a bundle of its own, in vireo-core: the log must take events on every node whatever its role, from the start
 * (a VRRP instance's first transitions come early in the boot), and its readers are not all web routes: the
 * notification sinks would otherwise depend on the web stack. Sources do not depend on it: they post EventAdmin
 * events on topics {@code org/vireo/<part>/<EVENT>} (docs/api.md#events lists them), which the log takes in the order
 * they arrive.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package org.vireo.events;
