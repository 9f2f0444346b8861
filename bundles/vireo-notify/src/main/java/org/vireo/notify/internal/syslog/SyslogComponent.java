package org.vireo.notify.internal.syslog;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.vireo.notify.NotifySink;
import org.vireo.notify.internal.ConfiguredSink;
import org.vireo.notify.internal.SinkComponent;

/** One syslog collector ({@code etc/org.vireo.notify.syslog-<name>.cfg}), a {@link NotifySink} service. */
@Component(service = NotifySink.class, configurationPid = SyslogOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // sends from the start, every event
@Designate(ocd = SyslogConfig.class, factory = true)
public class SyslogComponent extends SinkComponent<SyslogOptions> {

    public SyslogComponent() {
        super(new ConfiguredSink.Kind<>("syslog", SyslogOptions::parse, SyslogOptions::name, SyslogOptions::events,
            SyslogSender::new));
    }
}
