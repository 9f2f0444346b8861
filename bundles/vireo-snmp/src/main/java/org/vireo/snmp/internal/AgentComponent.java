package org.vireo.snmp.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.node.NodeIdentity;
import org.vireo.vrrp.VrrpInstance;

/**
 * The read-only SNMP agent ({@code etc/org.vireo.notify.snmp.agent.cfg}), off unless enabled: the VRRPv3-MIB of the
 * live instances, read anew for each request. A refused configuration is logged and shown by notify:snmp; the agent
 * goes on as it was.
 */
@Component(service = AgentStatus.class, configurationPid = AgentOptions.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true)
@Designate(ocd = AgentConfig.class)
public class AgentComponent implements AgentStatus {

    private static final Logger LOG = LoggerFactory.getLogger(AgentComponent.class);

    @Reference
    private NodeIdentity identity;

    private final List<VrrpInstance> instances = new CopyOnWriteArrayList<>();
    private final MibMemory memory = new MibMemory();
    private final Clock clock = Clock.systemUTC();
    private AgentOptions options;
    private SnmpAgent agent;
    private Instant started;
    private String problem = "";

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addInstance(VrrpInstance instance) {
        instances.add(instance);
    }

    void removeInstance(VrrpInstance instance) {
        instances.remove(instance);
    }

    @Activate
    @Modified
    synchronized void configure(Map<String, Object> properties) {
        Map<String, Object> with = new HashMap<>(properties);
        with.put(AgentOptions.NODE_PROPERTY, identity.name());
        AgentOptions next;
        try {
            next = AgentOptions.parse(with);
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
            LOG.error("{}; the SNMP agent goes on as it was", e.getMessage());
            return;
        }
        problem = "";
        if (next.equals(options) && (agent != null) == next.enabled()) {
            return;
        }
        stop();
        options = next;
        if (next.enabled()) {
            start(next);
        } else {
            LOG.info("SNMP agent: off");
        }
    }

    private void start(AgentOptions next) {
        try {
            started = clock.instant();
            agent = SnmpAgent.start(next, this::snapshot, started);
            LOG.info("SNMP agent: answers on {}", next.describe());
        } catch (IOException e) {
            problem = "cannot listen on udp:" + next.address() + "/" + next.port() + ": " + e.getMessage();
            LOG.error("SNMP agent: {}", problem);
        }
    }

    @Deactivate
    synchronized void stop() {
        if (agent != null) {
            agent.close();
            agent = null;
        }
    }

    /** The MIB now; on SNMP4J's receive thread. */
    private MibSnapshot snapshot() {
        long up = Duration.between(started, clock.instant()).toMillis() / 10;
        String descr = "Vireo HA web-proxy node " + identity.name() + " (VRRP), Java "
            + ManagementFactory.getRuntimeMXBean().getSpecVersion();
        return VrrpMib.snapshot(List.copyOf(instances), AgentComponent::ifIndex, memory, clock.instant(),
            new VrrpMib.SystemGroup(descr, identity.name(), up));
    }

    static int ifIndex(String name) {
        try {
            NetworkInterface found = NetworkInterface.getByName(name);
            return found == null ? 0 : found.getIndex();
        } catch (SocketException e) {
            return 0;
        }
    }

    @Override
    public synchronized String describe() {
        String state = agent == null ? "off (" + AgentOptions.PID + ": enabled = "
            + (options != null && options.enabled()) + ")"
            : "answers on " + options.describe() + "; " + agent.answered() + " requests answered, "
                + agent.refused() + " refused (wrong community or user)";
        return "SNMP agent: " + state + (problem.isEmpty() ? "" : "\n" + problem);
    }
}
