package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.util.Optional;

import org.vireo.rules.RequestFacts;

/**
 * What the policy sees of a request, derived from its request line exactly as the proxy derives it, for
 * {@code scanner:check}: one parser ({@link Target}) for both, so the check cannot disagree with the proxy.
 */
public final class PolicyRequests {

    private PolicyRequests() {
    }

    /**
     * @param client the client's address
     * @param method the request method, upper case; {@code CONNECT} takes {@code host:port}, every other method an
     *               absolute http URI, and GET and HEAD an ftp URI too
     * @param target the request target as on the request line
     * @return the facts (with the host as destination when it is an address literal, as the proxy would connect
     *         to it), or empty when the target is not one the proxy would accept for this method
     */
    public static Optional<RequestFacts> of(InetAddress client, String method, String target) {
        return Optional.ofNullable(parse(method, target))
            .map(t -> new RequestFacts(client, method, t.host(), t.port(), t.url(), ProxyOptions.literal(t.host())));
    }

    /** Why the proxy refuses the target's host with 400 although it parses (a numeric form such as 127.1), if so. */
    public static Optional<String> hostProblem(String method, String target) {
        return Optional.ofNullable(parse(method, target)).map(Target::hostProblem);
    }

    private static Target parse(String method, String target) {
        boolean fetch = FtpGateway.METHODS.stream().anyMatch(m -> m.name().equals(method));
        FtpUrl ftp = fetch ? FtpUrl.parse(target) : null;
        return "CONNECT".equals(method) ? Target.authority(target) : ftp != null ? ftp.target()
            : Target.absolute(target);
    }
}
