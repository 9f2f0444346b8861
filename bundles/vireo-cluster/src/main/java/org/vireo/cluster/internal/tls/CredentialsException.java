package org.vireo.cluster.internal.tls;

/**
 * A CA or node credential could not be made or read: the message names the file, what was wrong and what is
 * expected, ready to be shown to the operator.
 */
public class CredentialsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CredentialsException(String message) {
        super(message);
    }

    public CredentialsException(String message, Throwable cause) {
        super(message, cause);
    }
}
