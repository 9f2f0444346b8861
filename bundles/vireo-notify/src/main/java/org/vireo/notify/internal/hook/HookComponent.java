package org.vireo.notify.internal.hook;

import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.vireo.notify.NotifySink;
import org.vireo.notify.internal.EventFilter;
import org.vireo.notify.internal.Sender;
import org.vireo.notify.internal.SinkComponent;

/** One hook ({@code etc/org.vireo.notify.hook-<name>.cfg}), a {@link NotifySink} service. */
@Component(service = NotifySink.class, configurationPid = HookOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // runs from the start, for every event
@Designate(ocd = HookConfig.class, factory = true)
public class HookComponent extends SinkComponent<HookOptions> {

    private final HookRunner runner = new HookRunner();

    @Override
    public String kind() {
        return "hook";
    }

    @Override
    public HookOptions parse(Map<String, ?> properties) {
        return HookOptions.parse(properties);
    }

    @Override
    public String name(HookOptions options) {
        return options.name();
    }

    @Override
    public EventFilter events(HookOptions options) {
        return options.events();
    }

    @Override
    public Sender sender(HookOptions options) {
        return new HookSender(options, runner);
    }
}
