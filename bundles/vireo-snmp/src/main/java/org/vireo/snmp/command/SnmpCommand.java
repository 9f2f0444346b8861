package org.vireo.snmp.command;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.snmp.internal.AgentStatus;

@Service
@Command(scope = "notify", name = "snmp", description = "Shows this node's read-only SNMP agent (the VRRPv3-MIB):"
    + " off, or where it listens and to whom it answers.",
    detailedDescription = "The agent is configured in etc/org.vireo.notify.snmp.agent.cfg (enabled, address, port,"
        + " community for SNMPv2c, user and passphrases for SNMPv3 authPriv; docs/notifications.md). Shown: its UDP"
        + " address, the versions it answers (never the community or a passphrase), its SNMPv3 engine ID, the"
        + " requests answered and refused, and why its last configuration was refused, if it was. The SNMP sinks"
        + " (traps, informs) are listed by notify:list.")
public class SnmpCommand implements Action {

    @Reference(optional = true)
    private AgentStatus agent;

    @Override
    public Object execute() {
        System.out.println(agent == null ? "SNMP agent: not installed (the feature vireo-vrrp has it)"
            : agent.describe());
        return null;
    }
}
