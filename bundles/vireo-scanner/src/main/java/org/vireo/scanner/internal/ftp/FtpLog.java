package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.time.Instant;
import java.util.concurrent.Executor;

/** Where the FTP proxy records its sessions and transfers: the scanner's access log, beside HTTP's exchanges. */
public interface FtpLog {

    /**
     * A session's login decision, or one transfer: a line of the access log.
     *
     * @param client    the client's address
     * @param command   the FTP command ({@code USER} for the session's admission)
     * @param url       {@code ftp://user@host[:port]/path}, as the rules saw it, with the user (never a password)
     * @param reply     the final reply code the client got
     * @param bytesUp   bytes from the client to the server on the data connection
     * @param bytesDown bytes from the server to the client
     * @param rule      the rule that decided it, or null for the default
     */
    record Entry(Instant start, long startNanos, String client, String command, String url, int reply, long bytesUp,
                 long bytesDown, String rule) {
    }

    /** Records {@code entry}; {@code loop} is the calling I/O thread's, where the line is written after its work. */
    void record(Entry entry, Executor loop);

    /** A client's control connection opened. */
    void sessionOpened();

    /** That control connection closed. */
    void sessionClosed();

    /** A data connection from, or a PORT to, an address other than the client's was refused. */
    void refusedData(InetAddress address);
}
