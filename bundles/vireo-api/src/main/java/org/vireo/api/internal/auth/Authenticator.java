package org.vireo.api.internal.auth;

import java.util.Optional;

/** Checks a user name and password; the node's is Karaf's JAAS realm ({@link JaasAuthenticator}). */
public interface Authenticator {

    /** The login, or empty when the user is unknown or the password wrong (which of the two is not said). */
    Optional<Login> authenticate(String user, String password);
}
