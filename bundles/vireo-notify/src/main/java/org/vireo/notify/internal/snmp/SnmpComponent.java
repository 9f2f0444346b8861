package org.vireo.notify.internal.snmp;

import java.util.HashMap;
import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.vireo.notify.NotifySink;
import org.vireo.notify.internal.ConfiguredSink;
import org.vireo.notify.internal.SinkComponent;

/** One SNMP manager ({@code etc/org.vireo.notify.snmp-<name>.cfg}), a {@link NotifySink} service. */
@Component(service = NotifySink.class, configurationPid = SnmpOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // sends from the start, every event
@Designate(ocd = SnmpConfig.class, factory = true)
public class SnmpComponent extends SinkComponent<SnmpOptions> {

    public SnmpComponent() {
        super(new ConfiguredSink.Kind<>("snmp", SnmpOptions::parse, SnmpOptions::name, SnmpOptions::events,
            SnmpSender::new));
    }

    @Override
    protected void activate(Map<String, Object> properties) {
        super.activate(withNode(properties));
    }

    @Override
    protected void modified(Map<String, Object> properties) {
        super.modified(withNode(properties));
    }

    /** The node's name, from which the engine ID of its v3 traps is derived. */
    private Map<String, Object> withNode(Map<String, Object> properties) {
        Map<String, Object> with = new HashMap<>(properties);
        with.put(SnmpOptions.NODE_PROPERTY, identity.name());
        return with;
    }
}
