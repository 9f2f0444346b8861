package org.vireo.api.internal.auth;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.AccountException;
import javax.security.auth.login.CredentialException;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginContext;
import javax.security.auth.login.LoginException;

import org.apache.karaf.jaas.boot.principal.RolePrincipal;

/**
 * Logs in against a Karaf JAAS realm ({@code karaf}: etc/users.properties, the same users as the shell); the roles
 * are the realm's role principals (a user's groups give them: {@code _g_:admingroup} has admin and viewer).
 */
public final class JaasAuthenticator implements Authenticator {

    private final String realm;

    public JaasAuthenticator(String realm) {
        this.realm = realm;
    }

    /**
     * @throws IllegalStateException when the realm itself fails (not configured, its file unreadable): the node's
     *                               fault, not the client's, so it does not count as a failed login
     */
    @Override
    public Optional<Login> authenticate(String user, String password) {
        Subject subject = new Subject();
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        // JAAS loads the login module through the context loader: Karaf's proxy module is boot-delegated, so this
        // bundle's loader finds it where a Jetty or CXF thread's loader may not
        thread.setContextClassLoader(JaasAuthenticator.class.getClassLoader());
        try {
            LoginContext context = new LoginContext(realm, subject, callbacks -> answer(callbacks, user, password));
            context.login();
            Set<String> roles = subject.getPrincipals(RolePrincipal.class).stream().map(RolePrincipal::getName)
                .collect(Collectors.toSet());
            context.logout();
            return Optional.of(new Login(user, roles));
        } catch (FailedLoginException | AccountException | CredentialException wrong) {
            return Optional.empty();
        } catch (LoginException e) {
            throw new IllegalStateException("the JAAS realm '" + realm + "' failed: " + e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private static void answer(Callback[] callbacks, String user, String password) throws UnsupportedCallbackException {
        for (Callback c : callbacks) {
            if (c instanceof NameCallback name) {
                name.setName(user);
            } else if (c instanceof PasswordCallback pw) {
                pw.setPassword(password.toCharArray());
            } else {
                throw new UnsupportedCallbackException(c);
            }
        }
    }
}
