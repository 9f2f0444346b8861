package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.util.concurrent.Executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.scanner.internal.ftp.FtpLog;

/**
 * The FTP proxy's lines in the HTTP proxy's access log: a session's login and each transfer as an exchange whose
 * method is the FTP command, whose target is the {@code ftp://} URL and whose status is the final reply code.
 */
final class FtpAccess implements FtpLog {

    private static final Logger LOG = LoggerFactory.getLogger(FtpAccess.class);

    private final AccessLog log;
    private final FtpCounters counters;

    FtpAccess(AccessLog log, FtpCounters counters) {
        this.log = log;
        this.counters = counters;
    }

    @Override
    public void record(Entry entry, Executor loop) {
        Exchange e = new Exchange(entry.start(), entry.startNanos(), entry.client(), entry.command());
        e.target = entry.url();
        e.status = entry.reply();
        e.bytesUp = entry.bytesUp();
        e.bytesDown = entry.bytesDown();
        e.rule = entry.rule();
        if (entry.command().equals("USER")) {
            counters.login(entry.reply());
        } else {
            counters.transfer(entry.reply(), entry.bytesUp(), entry.bytesDown());
        }
        log.record(e, System.nanoTime(), loop);
    }

    @Override
    public void sessionOpened() {
        counters.sessionOpened();
    }

    @Override
    public void sessionClosed() {
        counters.sessionClosed();
    }

    @Override
    public void refusedData(InetAddress address) {
        counters.dataConnectionRefused();
        LOG.info("ftp: a data connection with {} refused: not the client's address (FTP bounce or a third party)",
            address.getHostAddress());
    }
}
