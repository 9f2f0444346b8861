package org.vireo.node;

/** A role switch was refused or failed; the node keeps the features it had. */
public class RoleChangeException extends Exception {

    private static final long serialVersionUID = 1L;

    public RoleChangeException(String message) {
        super(message);
    }

    public RoleChangeException(String message, Throwable cause) {
        super(message, cause);
    }
}
