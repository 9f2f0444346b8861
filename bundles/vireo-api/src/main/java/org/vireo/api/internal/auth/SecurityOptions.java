package org.vireo.api.internal.auth;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;

/** The API's logins, PID {@value #PID}: the realm, the failed-login limit, the console's sessions. */
public record SecurityOptions(String realm, int failedLoginLimit, Duration failedLoginWindow, Duration sessionIdle,
                              Duration sessionLifetime) {

    public static final String PID = "org.vireo.api";

    static final String DEFAULT_REALM = "karaf";
    static final int DEFAULT_FAILED_LOGIN_LIMIT = 5;
    static final int DEFAULT_FAILED_LOGIN_WINDOW_SECONDS = 60;
    static final int DEFAULT_SESSION_IDLE_MINUTES = 30;
    static final int DEFAULT_SESSION_LIFETIME_HOURS = 12;

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    public static SecurityOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String realm = ConfigValues.text(raw, "realm", DEFAULT_REALM);
        if (realm.isEmpty()) {
            errors.add("realm = '': expected the name of a JAAS realm (karaf: etc/users.properties)");
        }
        int limit = ConfigValues.integer(raw, "failedLoginLimit", DEFAULT_FAILED_LOGIN_LIMIT, 1, 1000, errors);
        int window = ConfigValues.integer(raw, "failedLoginWindowSeconds", DEFAULT_FAILED_LOGIN_WINDOW_SECONDS, 1,
            86_400, errors);
        int idle = ConfigValues.integer(raw, "sessionIdleMinutes", DEFAULT_SESSION_IDLE_MINUTES, 1, 1440, errors);
        int lifetime = ConfigValues.integer(raw, "sessionLifetimeHours", DEFAULT_SESSION_LIFETIME_HOURS, 1, 168,
            errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new SecurityOptions(realm, limit, Duration.ofSeconds(window), Duration.ofMinutes(idle),
            Duration.ofHours(lifetime));
    }
}
