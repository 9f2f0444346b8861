package org.vireo.srv.internal;

import java.util.Map;
import java.util.Optional;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The current {@link SrvOptions} of this node (PID {@value SrvOptions#PID}), for the srv commands. A refused
 * configuration is logged and the last good options stay; one refused at start leaves the defaults, so that the
 * commands still work and say why.
 */
@Component(service = SrvDefaults.class, configurationPid = SrvOptions.PID, immediate = true)
@Designate(ocd = SrvConfig.class)
public class SrvDefaults {

    private static final Logger LOG = LoggerFactory.getLogger(SrvDefaults.class);

    private volatile SrvOptions options = SrvOptions.DEFAULTS;
    private volatile String refusedConfiguration;

    @Activate
    @Modified
    void configure(Map<String, Object> properties) {
        try {
            options = SrvOptions.parse(properties);
            refusedConfiguration = null;
        } catch (IllegalArgumentException e) {
            refusedConfiguration = e.getMessage();
            LOG.error("{}; the srv commands go on with the previous settings", e.getMessage());
        }
    }

    public SrvOptions options() {
        return options;
    }

    /** Why the last configuration was refused, if it was. */
    public Optional<String> refusedConfiguration() {
        return Optional.ofNullable(refusedConfiguration);
    }
}
