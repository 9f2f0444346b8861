package org.vireo.notify.internal.webhook;

import java.time.Instant;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.vireo.notify.NotifySink;
import org.vireo.notify.internal.ConfiguredSink;
import org.vireo.notify.internal.SinkComponent;

/** One webhook ({@code etc/org.vireo.notify.webhook-<name>.cfg}), a {@link NotifySink} service. */
@Component(service = NotifySink.class, configurationPid = WebhookOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // posts from the start, every event
@Designate(ocd = WebhookConfig.class, factory = true)
public class WebhookComponent extends SinkComponent<WebhookOptions> {

    public WebhookComponent() {
        super(new ConfiguredSink.Kind<>("webhook", WebhookOptions::parse, WebhookOptions::name,
            WebhookOptions::events, options -> new WebhookSender(options, Instant::now)));
    }
}
