package org.vireo.notify.internal.webhook;

import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.net.URI;
import java.net.URISyntaxException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;
import org.vireo.notify.internal.EventFilter;
import org.vireo.notify.internal.SinkName;
import org.vireo.notify.internal.Trust;

/**
 * One webhook's configuration, factory PID {@value #FACTORY_PID}.
 *
 * @param secret  the signature's key; empty: unsigned
 * @param trusted the certificates an https:// URL's server must chain to; empty: the JVM's trusted CAs
 */
record WebhookOptions(String name, URI url, String secret, EventFilter events, long timeoutMillis, int retries,
                      long retryDelayMillis, List<X509Certificate> trusted) {

    static final String FACTORY_PID = "org.vireo.notify.webhook";
    // the keys as WebhookConfig declares them, with their defaults
    static final Setting<String> NAME = Setting.of(WebhookConfig.class, WebhookConfig::name);
    static final Setting<String> URL = Setting.of(WebhookConfig.class, WebhookConfig::url);
    static final Setting<String> SECRET = Setting.of(WebhookConfig.class, WebhookConfig::secret);
    static final Setting<String[]> EVENTS = Setting.of(WebhookConfig.class, WebhookConfig::events);
    static final Setting<Integer> TIMEOUT_SECONDS = Setting.of(WebhookConfig.class, WebhookConfig::timeoutSeconds);
    static final Setting<Integer> RETRIES = Setting.of(WebhookConfig.class, WebhookConfig::retries);
    static final Setting<Integer> RETRY_DELAY_MILLIS = Setting.of(WebhookConfig.class,
        WebhookConfig::retryDelayMillis);
    static final Setting<String> CA_FILE = Setting.of(WebhookConfig.class, WebhookConfig::caFile);

    WebhookOptions {
        trusted = List.copyOf(trusted);
    }

    /** @throws IllegalArgumentException naming the PID and the webhook, each bad key, its value and what is accepted */
    static WebhookOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String name = SinkName.read(raw, NAME, "webhook", errors);
        URI url = url(text(raw, URL), errors);
        String secret = ConfigValues.untrimmed(raw, SECRET.key());
        EventFilter events = EventFilter.parse(EVENTS.key(), list(raw, EVENTS), errors);
        int timeout = integer(raw, TIMEOUT_SECONDS, 1, 300, errors);
        int retries = integer(raw, RETRIES, 0, 20, errors);
        int delay = integer(raw, RETRY_DELAY_MILLIS, 10, 60_000, errors);
        List<X509Certificate> trusted = Trust.certificates(CA_FILE.key(), text(raw, CA_FILE), errors);
        raw.refuseIfAny(ConfigReader.refusal(FACTORY_PID, "webhook", name), errors);
        return new WebhookOptions(name, url, secret, events, timeout * 1000L, retries, delay, trusted);
    }

    private static URI url(String text, List<String> errors) {
        if (text.isEmpty()) {
            errors.add(URL + " is missing: expected where to post, http:// or https:// with a host");
            return null;
        }
        try {
            URI url = new URI(text);
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(java.util.Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && url.getHost() != null
                && url.getRawUserInfo() == null && url.getRawFragment() == null) {
                return url;
            }
        } catch (URISyntaxException e) {
            // told below
        }
        errors.add(URL + " = '" + text + "': expected an http:// or https:// URL with a host, without user"
            + " information (put a secret in 'secret') or fragment");
        return null;
    }
}
