package org.vireo.notify.internal.webhook;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the factory PID {@code org.vireo.notify.webhook}: one webhook (docs/notifications.md#webhooks).
 * WebhookOptions' parse takes each key's name and default from here; WebhookOptionsTest keeps the two in agreement.
 */
@ObjectClassDefinition(name = "Vireo webhook",
    description = "A JSON POST to a URL for each of the node's events it takes, in the event log's order, signed.")
public @interface WebhookConfig {

    @AttributeDefinition(name = "Name", description = "The webhook's name (notify:list, notify:test), 1-64 letters,"
        + " digits, '.', '_' or '-'; unique among the webhooks.")
    String name();

    @AttributeDefinition(name = "URL", description = "Where the events are posted: http:// or https://, with a host.")
    String url();

    @AttributeDefinition(name = "Secret", description = "The shared secret of the X-Vireo-Signature header"
        + " (HMAC-SHA256 of '<X-Vireo-Timestamp>.<body>'); empty: the posts are not signed.")
    String secret() default "";

    @AttributeDefinition(name = "Events", description = "The event types it posts: a type (vrrp.transition), a part"
        + " (health.*) or everything (*).")
    String[] events() default {"*"};

    @AttributeDefinition(name = "Timeout (s)", min = "1", max = "300", description = "How long one attempt may take.")
    int timeoutSeconds() default 5;

    @AttributeDefinition(name = "Retries", min = "0", max = "20", description = "Attempts after the first when the"
        + " target cannot be reached, times out or answers 408, 425, 429 or 5xx; another answer is not retried.")
    int retries() default 5;

    @AttributeDefinition(name = "Retry delay (ms)", min = "10", max = "60000", description = "The wait before the"
        + " first retry; each next one waits twice as long, at most 30 s (or this delay if it is longer).")
    int retryDelayMillis() default 500;

    @AttributeDefinition(name = "CA file", description = "A PEM file of the certificates to trust for an https://"
        + " URL (its CA, or its own self-signed certificate) instead of the JVM's; the host name is checked"
        + " either way. Empty: the JVM's trusted CAs.")
    String caFile() default "";
}
