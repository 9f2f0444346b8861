package org.vireo.srv;

/**
 * One SRV resource record (RFC 2782) as the resolver found it.
 *
 * @param priority lower is tried first, 0-65535
 * @param weight   within a priority, the relative chance of being tried first, 0-65535
 * @param port     where the service listens on the target
 * @param target   the host name that offers it, absolute, without the trailing dot ({@code "."} alone: the service
 *                 is decidedly not available at the domain)
 */
public record SrvRecord(int priority, int weight, int port, String target) {

    public SrvRecord {
        if (priority < 0 || priority > 65_535 || weight < 0 || weight > 65_535 || port < 0 || port > 65_535) {
            throw new IllegalArgumentException("SRV priority, weight and port are 0-65535: " + priority + " "
                + weight + " " + port);
        }
    }
}
