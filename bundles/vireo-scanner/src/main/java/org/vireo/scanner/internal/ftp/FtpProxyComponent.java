package org.vireo.scanner.internal.ftp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.ListeningPorts;
import org.vireo.scanner.internal.proxy.ProxyComponent;
import org.vireo.settings.BalancerOptions;

/**
 * The FTP proxy's configuration: {@value FtpOptions#PID} (node-local), with the passive ports of the balancer's
 * cluster-wide {@code ftpPassivePorts}, read from ConfigurationAdmin and followed as config sync changes it. The
 * ports are claimed in this node's {@link ListeningPorts}: on a node whose balancer holds them (the all-in-one
 * appliance, with the shipped ports) the configuration is refused with the reason, and the FTP proxy does not run.
 */
@Component(service = ConfigurationListener.class, configurationPid = FtpOptions.PID, immediate = true)
@Designate(ocd = FtpConfig.class)
public class FtpProxyComponent implements ConfigurationListener {

    private static final Logger LOG = LoggerFactory.getLogger(FtpProxyComponent.class);

    @Reference
    ProxyComponent proxy;

    @Reference
    ListeningPorts ports;

    @Reference
    ConfigurationAdmin admin;

    private Map<String, Object> properties = Map.of();
    private FtpOptions running;
    private volatile String refusedConfiguration;

    @Activate
    synchronized void activate(Map<String, Object> config) throws InterruptedException {
        properties = new HashMap<>(config);
        apply();
    }

    @Modified
    synchronized void modified(Map<String, Object> config) throws InterruptedException {
        properties = new HashMap<>(config);
        apply();
    }

    @Deactivate
    synchronized void deactivate() throws InterruptedException {
        proxy.ftp(null);
        ports.release(FtpOptions.PID);
        running = null;
    }

    /** The balancer's configuration changed (config sync, an operator): its passive ports may have. */
    @Override
    public void configurationEvent(ConfigurationEvent event) {
        if (!BalancerOptions.PID.equals(event.getPid())) {
            return;
        }
        try {
            synchronized (this) {
                apply();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void apply() throws InterruptedException {
        FtpOptions next;
        try {
            next = FtpOptions.parse(properties, passivePorts());
            claim(next);
        } catch (IllegalArgumentException e) {
            refusedConfiguration = e.getMessage();
            LOG.error("{}; the FTP proxy {}", e.getMessage(), running == null ? "does not run until it is fixed"
                : "goes on with its previous configuration");
            return;
        }
        refusedConfiguration = null;
        if (next.equals(running)) {
            return;
        }
        try {
            Optional<InetSocketAddress> at = proxy.ftp(next.port() == 0 ? null : next);
            running = next;
            if (next.port() == 0) {
                LOG.info("FTP proxy off (port = 0 in {})", FtpOptions.PID);
            } else if (at.isEmpty()) {
                LOG.info("FTP proxy waits for the HTTP proxy, whose event loops it runs on");
            }
        } catch (IllegalStateException e) {
            refusedConfiguration = "configuration " + FtpOptions.PID + " refused: " + e.getMessage();
            LOG.error("{}; the FTP proxy does not run until it is fixed", refusedConfiguration);
            running = null;
        }
    }

    /** Claims the control port and the passive ports; refused when another listener of this node holds one. */
    private void claim(FtpOptions options) {
        List<ListeningPorts.Port> wanted = new ArrayList<>();
        if (options.port() > 0) {
            wanted.add(new ListeningPorts.Port("port", options.listenAddress(), options.port()));
            for (int p = options.passiveFirst(); options.passive() && p <= options.passiveLast(); p++) {
                wanted.add(new ListeningPorts.Port("ftpPassivePorts (org.vireo.balancer)", options.listenAddress(), p));
            }
        }
        try {
            ports.claim(FtpOptions.PID, wanted);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration " + FtpOptions.PID + " refused: " + e.getMessage(), e);
        }
    }

    /** The balancer's {@code ftpPassivePorts}: empty when it has none, or no valid configuration here. */
    private List<Integer> passivePorts() {
        try {
            Configuration[] found = admin.listConfigurations("(service.pid=" + BalancerOptions.PID + ")");
            Dictionary<String, Object> d = found == null ? null : found[0].getProperties();
            if (d == null) {
                return List.of();
            }
            Map<String, Object> map = new HashMap<>();
            Collections.list(d.keys()).forEach(k -> map.put(k, d.get(k)));
            return BalancerOptions.parse(map).ftpPassivePorts();
        } catch (IOException | InvalidSyntaxException | IllegalArgumentException e) {
            LOG.warn("ftp: the balancer's ftpPassivePorts cannot be read ({}): passive mode is off", e.getMessage());
            return List.of();
        }
    }

    /** Why the last configuration was refused, if it was. */
    public Optional<String> refusedConfiguration() {
        return Optional.ofNullable(refusedConfiguration);
    }
}
