package org.vireo.scanner;

import java.util.Map;

/**
 * The FTP proxy's counters since the scanner bundle started, for the metrics endpoint and the API.
 *
 * @param listening               the FTP proxy listens now (not while it is off, refused, or its HTTP proxy stopped)
 * @param activeSessions          control connections open now
 * @param sessions                logins the server accepted through the proxy
 * @param loginsRefused           logins refused: by the rules or a protected destination, or by the server
 * @param transfersByReplyClass   transfers ended, by the class of the final reply the client got ({@code 2xx},
 *                                {@code 4xx}, {@code 5xx}), blocked ones (550) included
 * @param bytesFromClients        data connection bytes from clients (uploads)
 * @param bytesToClients          data connection bytes to clients (downloads and listings)
 * @param dataConnectionsRefused  PORT/EPRT to, and passive connections from, an address other than the client's
 */
public record FtpStats(boolean listening, long activeSessions, long sessions, long loginsRefused,
                       Map<String, Long> transfersByReplyClass, long bytesFromClients, long bytesToClients,
                       long dataConnectionsRefused) {

    public FtpStats {
        transfersByReplyClass = Map.copyOf(transfersByReplyClass);
    }
}
