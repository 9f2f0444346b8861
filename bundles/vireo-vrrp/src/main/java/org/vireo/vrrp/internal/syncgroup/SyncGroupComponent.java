package org.vireo.vrrp.internal.syncgroup;

import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code etc/org.vireo.vrrp.syncgroup-<name>.cfg}: hands its group to {@link SyncGroups}. A refused
 * configuration leaves the group as it was (none at first start), logged with the reason.
 */
@Component(configurationPid = SyncGroupOptions.FACTORY_PID, configurationPolicy = ConfigurationPolicy.REQUIRE,
    service = {})
@Designate(ocd = SyncGroupConfig.class, factory = true)
public class SyncGroupComponent {

    private static final Logger LOG = LoggerFactory.getLogger(SyncGroupComponent.class);

    @Reference
    private SyncGroups groups;

    private String pid;

    @Activate
    @Modified
    void configure(Map<String, Object> properties) {
        pid = String.valueOf(properties.get("service.pid"));
        try {
            SyncGroupOptions options = SyncGroupOptions.parse(properties);
            groups.define(pid, options);
            LOG.info("VRRP sync group {}: instances {}", options.name(), options.instances());
        } catch (IllegalArgumentException e) {
            LOG.error("{}; {}", e.getMessage(), groups.has(pid) ? "the group stays as it was" : "no such group until"
                + " it is fixed");
        }
    }

    @Deactivate
    void deactivate() {
        groups.undefine(pid);
    }
}
