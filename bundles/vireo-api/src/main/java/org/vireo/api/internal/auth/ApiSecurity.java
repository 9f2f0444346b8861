package org.vireo.api.internal.auth;

import java.security.SecureRandom;
import java.util.Map;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API's one {@link Gate}, shared by the authentication filter and the login route, made from PID
 * {@value SecurityOptions#PID}. A changed configuration makes a new gate: sessions and failed logins start over.
 * A refused configuration keeps the gate in force, or at the start the defaults (and says why in the log): a
 * mistake in it never opens the API, and never closes it to its users either.
 */
@Component(service = ApiSecurity.class, configurationPid = SecurityOptions.PID,
    configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = SecurityConfig.class)
public class ApiSecurity {

    private static final Logger LOG = LoggerFactory.getLogger(ApiSecurity.class);
    /** Bounds the memory a flood of failed logins or logins can take. */
    private static final int MAX_ADDRESSES = 10_000;
    private static final int MAX_SESSIONS = 1_000;

    private volatile Gate gate;

    @Activate
    void activate(Map<String, Object> properties) {
        try {
            gate = gate(SecurityOptions.parse(properties));
        } catch (IllegalArgumentException e) {
            LOG.error("{}; the API uses the defaults until it is fixed", e.getMessage());
            gate = gate(SecurityOptions.parse(Map.of()));
        }
    }

    @Modified
    void modified(Map<String, Object> properties) {
        try {
            gate = gate(SecurityOptions.parse(properties));
        } catch (IllegalArgumentException e) {
            LOG.error("{}; the API keeps the logins it had", e.getMessage());
        }
    }

    public Gate gate() {
        return gate;
    }

    private static Gate gate(SecurityOptions o) {
        return new Gate(new JaasAuthenticator(o.realm()),
            new FailedLogins(o.failedLoginLimit(), o.failedLoginWindow(), MAX_ADDRESSES, System::nanoTime),
            new Sessions(o.sessionIdle(), o.sessionLifetime(), MAX_SESSIONS, System::nanoTime, new SecureRandom()),
            LOG::warn);
    }
}
