package org.vireo.node;

import java.time.Duration;
import java.util.Optional;

/**
 * Who this appliance is: its name, where it is managed, the interface it serves on and its role.
 * Read from the node-local configuration PID {@value #PID}, which is never replicated.
 */
public interface NodeIdentity {

    /** The node-local configuration PID. */
    String PID = "org.vireo.node";

    /** The node's name in the cluster; the host name unless configured. */
    String name();

    /** The management address (an IP literal), if configured. */
    Optional<String> managementAddress();

    /** The network interface that carries the VIPs and the VRRP traffic. */
    String interfaceName();

    /** The role this node is configured for. */
    Role role();

    /** Whether a director or backup also runs the scanner (filtering proxy). */
    boolean alsoScan();

    /** Why the last configuration of {@value #PID} was refused; empty if it was accepted. */
    Optional<String> configurationProblem();

    /** How long this node's runtime has been up. */
    Duration uptime();
}
