package org.vireo.api.internal.auth;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/** The API's logins, PID {@value #PID}: the realm, the failed-login limit, the console's sessions. */
public record SecurityOptions(String realm, int failedLoginLimit, Duration failedLoginWindow, Duration sessionIdle,
                              Duration sessionLifetime) {

    public static final String PID = "org.vireo.api";

    // the keys as SecurityConfig (the PID's metatype) declares them, with their defaults
    static final Setting<String> REALM = Setting.of(SecurityConfig.class, SecurityConfig::realm);
    static final Setting<Integer> FAILED_LOGIN_LIMIT =
        Setting.of(SecurityConfig.class, SecurityConfig::failedLoginLimit);
    static final Setting<Integer> FAILED_LOGIN_WINDOW_SECONDS =
        Setting.of(SecurityConfig.class, SecurityConfig::failedLoginWindowSeconds);
    static final Setting<Integer> SESSION_IDLE_MINUTES =
        Setting.of(SecurityConfig.class, SecurityConfig::sessionIdleMinutes);
    static final Setting<Integer> SESSION_LIFETIME_HOURS =
        Setting.of(SecurityConfig.class, SecurityConfig::sessionLifetimeHours);

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    public static SecurityOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String realm = ConfigValues.text(raw, REALM);
        if (realm.isEmpty()) {
            errors.add(REALM + " = '': expected the name of a JAAS realm (karaf: etc/users.properties)");
        }
        int limit = ConfigValues.integer(raw, FAILED_LOGIN_LIMIT, 1, 1000, errors);
        int window = ConfigValues.integer(raw, FAILED_LOGIN_WINDOW_SECONDS, 1, 86_400, errors);
        int idle = ConfigValues.integer(raw, SESSION_IDLE_MINUTES, 1, 1440, errors);
        int lifetime = ConfigValues.integer(raw, SESSION_LIFETIME_HOURS, 1, 168, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new SecurityOptions(realm, limit, Duration.ofSeconds(window), Duration.ofMinutes(idle),
            Duration.ofHours(lifetime));
    }
}
