package org.vireo.notify.internal.webhook;

import java.time.Instant;
import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.vireo.notify.NotifySink;
import org.vireo.notify.internal.EventFilter;
import org.vireo.notify.internal.Sender;
import org.vireo.notify.internal.SinkComponent;

/** One webhook ({@code etc/org.vireo.notify.webhook-<name>.cfg}), a {@link NotifySink} service. */
@Component(service = NotifySink.class, configurationPid = WebhookOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // posts from the start, every event
@Designate(ocd = WebhookConfig.class, factory = true)
public class WebhookComponent extends SinkComponent<WebhookOptions> {

    @Override
    public String kind() {
        return "webhook";
    }

    @Override
    public WebhookOptions parse(Map<String, ?> properties) {
        return WebhookOptions.parse(properties);
    }

    @Override
    public String name(WebhookOptions options) {
        return options.name();
    }

    @Override
    public EventFilter events(WebhookOptions options) {
        return options.events();
    }

    @Override
    public Sender sender(WebhookOptions options) {
        return new WebhookSender(options, Instant::now);
    }
}
