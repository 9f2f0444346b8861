package org.vireo.metrics.internal;

import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may scrape, from PID {@value MetricsOptions#PID}: a component apart from the resource, whose own properties
 * (the whiteboard's) are not the operator's configuration. A refused configuration keeps what was in force, or at
 * the start the default (a login): a mistake never opens the endpoint.
 */
@Component(service = MetricsAccess.class, configurationPid = MetricsOptions.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = MetricsConfig.class)
public class MetricsAccess {

    private static final Logger LOG = LoggerFactory.getLogger(MetricsAccess.class);

    private volatile MetricsOptions options = new MetricsOptions(MetricsOptions.LOGIN_REQUIRED.defaultValue());

    @Activate
    void activate(Map<String, Object> properties) {
        configure(properties, "a scrape needs a login until it is fixed");
    }

    @Modified
    void modified(Map<String, Object> properties) {
        configure(properties, "the endpoint keeps the configuration it had");
    }

    private void configure(Map<String, Object> properties, String meanwhile) {
        try {
            options = MetricsOptions.parse(properties);
        } catch (IllegalArgumentException e) {
            LOG.error("{}; {}", e.getMessage(), meanwhile);
        }
    }

    boolean loginRequired() {
        return options.loginRequired();
    }
}
