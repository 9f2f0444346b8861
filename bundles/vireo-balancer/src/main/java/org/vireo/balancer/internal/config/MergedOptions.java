package org.vireo.balancer.internal.config;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.config.ConfigReader;
import org.vireo.config.ListeningPorts;
import org.vireo.settings.BalancerOptions;

/**
 * The balancer's two PIDs as DS hands them over, merged into one map, parsed: each part that is refused leaves
 * its previous value in force (empty here, with the reason), and a key neither part reads, or a PID that holds no
 * key, refuses both (which file it is in cannot be told from the merged map). The ports of an accepted
 * {@value BalancerOptions#PID} are claimed in this node's {@link ListeningPorts}: one another listener holds
 * refuses it.
 */
public record MergedOptions(Optional<BalancerOptions> options, Optional<String> refusal,
                            Optional<LocalOptions> local, Optional<String> localRefusal) {

    /** The owner of the balancer's ports in {@link ListeningPorts}. */
    public static final String PORTS_OWNER = BalancerOptions.PID;

    public static MergedOptions parse(Map<String, ?> properties, ListeningPorts ports) {
        ConfigReader both = ConfigReader.merged(properties);
        Optional<String> localRefusal = Optional.empty();
        Optional<String> refusal = Optional.empty();
        Optional<LocalOptions> local = Optional.empty();
        Optional<BalancerOptions> options = Optional.empty();
        try {
            local = Optional.of(LocalOptions.parse(both.part(LocalOptions.PID)));
        } catch (IllegalArgumentException e) {
            localRefusal = Optional.of(e.getMessage());
        }
        try {
            options = Optional.of(BalancerOptions.parse(both.part(BalancerOptions.PID)));
        } catch (IllegalArgumentException e) {
            refusal = Optional.of(e.getMessage());
        }
        try {
            both.refuseUnknownKeys(ConfigReader.refusal(BalancerOptions.PID + " / " + LocalOptions.PID));
        } catch (IllegalArgumentException e) {
            return new MergedOptions(Optional.empty(), Optional.of(e.getMessage()), Optional.empty(),
                Optional.of(e.getMessage()));
        }
        if (options.isPresent()) {
            try {
                ports.claim(PORTS_OWNER, ports(options.get()));
            } catch (IllegalArgumentException e) {
                options = Optional.empty();
                refusal = Optional.of(ConfigReader.refusal(BalancerOptions.PID) + e.getMessage());
            }
        }
        return new MergedOptions(options, refusal, local, localRefusal);
    }

    /** The balancer's ports, on every address: the VIPs it listens on come and go with mastership. */
    public static List<ListeningPorts.Port> ports(BalancerOptions o) {
        InetAddress any = new InetSocketAddress(0).getAddress(); // the wildcard
        List<ListeningPorts.Port> out = new ArrayList<>();
        out.add(new ListeningPorts.Port(BalancerOptions.HTTP_PORT.key(), any, o.httpPort()));
        if (forwardsFtp(o)) {
            out.add(new ListeningPorts.Port(BalancerOptions.FTP_PORT.key(), any, o.ftpPort()));
            String passive = BalancerOptions.FTP_PASSIVE_PORTS.key();
            o.ftpPassivePorts().forEach(p -> out.add(new ListeningPorts.Port(passive, any, p)));
        }
        return out;
    }

    /**
     * Whether the balancer forwards FTP: its port is set and a scanner of the table is not on loopback. A table of
     * loopback alone (the all-in-one appliance, whose one scanner is itself) has nothing to balance, and forwarding
     * the FTP ports to the same ports of the same node could only loop: its scanner's FTP proxy takes them itself.
     */
    public static boolean forwardsFtp(BalancerOptions o) {
        return o.ftpPort() > 0 && o.scanners().stream().anyMatch(s -> !s.address().getAddress().isLoopbackAddress());
    }
}
