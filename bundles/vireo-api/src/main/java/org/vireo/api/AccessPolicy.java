package org.vireo.api;

/**
 * A resource whose need is set by configuration, not by a {@link Needs} on its code: the authentication filter
 * asks the matched resource object. The metrics endpoint is one (a scraper without a login, if the operator says
 * so). Consulted before {@link Needs}.
 */
public interface AccessPolicy {

    /** What a request of this HTTP method to this resource needs now. */
    Access need(String method);
}
