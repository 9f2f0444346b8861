package org.vireo.notify.internal.syslog;

import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.notify.internal.EventFilter;
import org.vireo.notify.internal.SinkHost;
import org.vireo.notify.internal.SinkName;
import org.vireo.notify.internal.Trust;

/**
 * One syslog sink's configuration, factory PID {@value #FACTORY_PID}.
 *
 * @param port     the collector's port (the transport's standard one if none was given)
 * @param facility RFC 5424's number
 * @param hostname the messages' HOSTNAME; empty: the node's name
 */
record SyslogOptions(String name, String host, int port, Transport transport, int facility, EventFilter events,
                     String hostname, String sdId, long timeoutMillis, int retries, long retryDelayMillis,
                     int maxMessageBytes, List<X509Certificate> trusted) {

    static final String FACTORY_PID = "org.vireo.notify.syslog";

    enum Transport { UDP, TCP, TLS }

    static final List<String> FACILITIES = List.of("kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news",
        "uucp", "cron", "authpriv", "ftp", "ntp", "security", "console", "solaris-cron", "local0", "local1", "local2",
        "local3", "local4", "local5", "local6", "local7");

    // the keys as SyslogConfig declares them, with their defaults
    static final Setting<String> NAME = Setting.of(SyslogConfig.class, SyslogConfig::name);
    static final Setting<String> HOST = Setting.of(SyslogConfig.class, SyslogConfig::host);
    static final Setting<Integer> PORT = Setting.of(SyslogConfig.class, SyslogConfig::port);
    static final Setting<String> TRANSPORT = Setting.of(SyslogConfig.class, SyslogConfig::transport);
    static final Setting<String> FACILITY = Setting.of(SyslogConfig.class, SyslogConfig::facility);
    static final Setting<String[]> EVENTS = Setting.of(SyslogConfig.class, SyslogConfig::events);
    static final Setting<String> HOSTNAME = Setting.of(SyslogConfig.class, SyslogConfig::hostname);
    static final Setting<String> SD_ID = Setting.of(SyslogConfig.class, SyslogConfig::sdId);
    static final Setting<Integer> TIMEOUT_SECONDS = Setting.of(SyslogConfig.class, SyslogConfig::timeoutSeconds);
    static final Setting<Integer> RETRIES = Setting.of(SyslogConfig.class, SyslogConfig::retries);
    static final Setting<Integer> RETRY_DELAY_MILLIS = Setting.of(SyslogConfig.class, SyslogConfig::retryDelayMillis);
    static final Setting<Integer> MAX_MESSAGE_BYTES = Setting.of(SyslogConfig.class, SyslogConfig::maxMessageBytes);
    static final Setting<String> CA_FILE = Setting.of(SyslogConfig.class, SyslogConfig::caFile);

    /** RFC 5424's SD-ID of one's own: a name, '@', a private enterprise number. */
    private static final Pattern SD_ID_FORM = Pattern.compile("[A-Za-z0-9._-]{1,20}@[0-9]+(\\.[0-9]+)*");

    SyslogOptions {
        trusted = List.copyOf(trusted);
    }

    /** @throws IllegalArgumentException naming the PID and the sink, each bad key, its value and what is accepted */
    static SyslogOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String name = SinkName.read(raw, NAME, "syslog sink", errors);
        String host = SinkHost.read(raw, HOST, "the collector", errors);
        Transport transport = transport(text(raw, TRANSPORT), errors);
        int port = integer(raw, PORT, 0, 65_535, errors);
        if (port == 0) {
            port = transport == Transport.TLS ? 6514 : 514;
        }
        int facility = facility(text(raw, FACILITY), errors);
        EventFilter events = EventFilter.parse(EVENTS.key(), list(raw, EVENTS), errors);
        String hostname = text(raw, HOSTNAME);
        String sdId = text(raw, SD_ID);
        if (!SD_ID_FORM.matcher(sdId).matches()) {
            errors.add(SD_ID + " = '" + sdId + "': expected name@enterprise-number (vireo@32473)");
        }
        int timeout = integer(raw, TIMEOUT_SECONDS, 1, 300, errors);
        int retries = integer(raw, RETRIES, 0, 20, errors);
        int delay = integer(raw, RETRY_DELAY_MILLIS, 10, 60_000, errors);
        int max = integer(raw, MAX_MESSAGE_BYTES, 480, 65_000, errors);
        List<X509Certificate> trusted = Trust.certificates(CA_FILE.key(), text(raw, CA_FILE), errors);
        if (!trusted.isEmpty() && transport != Transport.TLS) {
            errors.add(CA_FILE + " is set for transport " + transport.name().toLowerCase(Locale.ROOT)
                + ": it is for tls only");
        }
        raw.refuseIfAny(ConfigReader.refusal(FACTORY_PID, "syslog sink", name), errors);
        return new SyslogOptions(name, host, port, transport, facility, events, hostname, sdId, timeout * 1000L,
            retries, delay, max, trusted);
    }

    private static Transport transport(String text, List<String> errors) {
        try {
            return Transport.valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            errors.add(TRANSPORT + " = '" + text + "': expected udp, tcp or tls");
            return Transport.UDP;
        }
    }

    private static int facility(String text, List<String> errors) {
        int index = FACILITIES.indexOf(text.toLowerCase(Locale.ROOT));
        if (index < 0) {
            errors.add(FACILITY + " = '" + text + "': expected one of " + String.join(", ", FACILITIES));
            return 3;
        }
        return index;
    }
}
