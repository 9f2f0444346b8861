package org.vireo.scanner.internal.proxy;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.scanner.internal.policy.Policy;
import org.vireo.scanner.internal.policy.Verdict;

/**
 * Runs the proxy with configuration {@value ProxyOptions#PID}. A changed configuration restarts the listener; a
 * refused one is logged and the proxy goes on as it was. Until the rules component offers a {@link Policy}, every
 * request is blocked: a filtering proxy without its rules must not pass traffic unfiltered.
 */
@Component(service = ProxyComponent.class, configurationPid = ProxyOptions.PID, immediate = true)
@Designate(ocd = ProxyConfig.class)
public class ProxyComponent {

    private static final Logger LOG = LoggerFactory.getLogger(ProxyComponent.class);
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);
    private static final Policy NO_RULES = facts -> new Verdict(false, null, "the web security rules are not loaded");

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    private volatile Policy policy;

    private final ProxyServer server = new ProxyServer(() -> Optional.ofNullable(policy).orElse(NO_RULES));
    private ProxyOptions options;
    private volatile String refusedConfiguration;

    @Activate
    synchronized void activate(Map<String, Object> properties) throws InterruptedException {
        options = ProxyOptions.parse(properties);
        server.start(options);
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) throws InterruptedException {
        ProxyOptions next;
        try {
            next = ProxyOptions.parse(properties);
        } catch (IllegalArgumentException e) {
            refusedConfiguration = e.getMessage();
            LOG.error("{}; the proxy goes on with its previous configuration", e.getMessage());
            return;
        }
        refusedConfiguration = null;
        if (next.equals(options)) {
            return;
        }
        server.stop(STOP_GRACE);
        options = next;
        server.start(next);
    }

    @Deactivate
    synchronized void deactivate() throws InterruptedException {
        server.stop(STOP_GRACE);
    }

    public ProxyCounters counters() {
        return server.counters();
    }

    /** The address the proxy listens on, or empty while it is stopped. */
    public Optional<java.net.InetSocketAddress> address() {
        return server.address();
    }

    /** Why the last configuration was refused, if it was. */
    public Optional<String> refusedConfiguration() {
        return Optional.ofNullable(refusedConfiguration);
    }
}
