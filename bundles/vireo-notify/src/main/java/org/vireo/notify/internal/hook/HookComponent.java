package org.vireo.notify.internal.hook;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.vireo.notify.NotifySink;
import org.vireo.notify.internal.ConfiguredSink;
import org.vireo.notify.internal.SinkComponent;

/** One hook ({@code etc/org.vireo.notify.hook-<name>.cfg}), a {@link NotifySink} service. */
@Component(service = NotifySink.class, configurationPid = HookOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // runs from the start, for every event
@Designate(ocd = HookConfig.class, factory = true)
public class HookComponent extends SinkComponent<HookOptions> {

    public HookComponent() {
        super(new ConfiguredSink.Kind<>("hook", HookOptions::parse, HookOptions::name, HookOptions::events,
            options -> new HookSender(options, new HookRunner())));
    }
}
