package org.vireo.scanner.internal.ftp;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.timeout.IdleStateHandler;

import org.vireo.rules.Verdict;
import org.vireo.scanner.internal.proxy.Relay;

/**
 * One transfer (LIST, NLST, MLSD, RETR, STOR, APPE): the proxy asks the origin for a passive data connection and
 * makes it, to the origin's control address whatever the reply names (an origin cannot send the proxy elsewhere);
 * sends the command; at its preliminary reply opens the client's side; relays the bytes both ways, each side slowed
 * by the other; and gives the client the final reply only once the data is through, as a client reads the end of
 * the data as the end of the file.
 */
final class FtpTransfer {

    private final FtpSession session;
    private final FtpRuntime runtime;
    private final FtpCommand command;
    private final String path;
    private final ClientDataSide clientSide;
    private final Verdict verdict;
    private final Channel origin;
    private final Channel client;
    private final Instant start = Instant.now();
    private final long startNanos = System.nanoTime();
    private FtpCommand passive;
    /** The PORT or EPRT sent when the server refuses passive mode: it connects to the proxy then. */
    private FtpCommand port;
    private Channel activeListener;
    private DataChannel originData;
    private DataChannel clientData;
    private ScheduledFuture<?> clientTimer;
    private boolean preliminary;
    private int relaying;
    private boolean dataDone;
    /** The origin's final reply, held until the data is through. */
    private FtpReply held;
    /** The proxy's own final reply, sent instead of the origin's when the proxy's side failed. */
    private FtpReply failure;
    private long bytesUp;
    private long bytesDown;
    private boolean finished;

    FtpTransfer(FtpSession session, FtpRuntime runtime, FtpCommand command, String path, ClientDataSide clientSide,
                Verdict verdict, Channel origin, Channel client) {
        this.session = session;
        this.runtime = runtime;
        this.command = command;
        this.path = path;
        this.clientSide = clientSide;
        this.verdict = verdict;
        this.origin = origin;
        this.client = client;
    }

    FtpCommand command() {
        return command;
    }

    String path() {
        return path;
    }

    long bytesUp() {
        return bytesUp;
    }

    long bytesDown() {
        return bytesDown;
    }

    Instant start() {
        return start;
    }

    String rule() {
        return verdict.rule();
    }

    long startNanos() {
        return startNanos;
    }

    boolean owns(FtpCommand awaited) {
        return awaited != null && (awaited == passive || awaited == port || awaited == command);
    }

    void start(FtpCommand passiveCommand) {
        passive = passiveCommand;
        origin.writeAndFlush(Unpooled.wrappedBuffer(passive.format()));
    }

    void onReply(FtpReply reply) {
        if (reply.code() < 200) {
            if (!finished && passive == null) {
                preliminary(reply);
            }
            return;
        }
        FtpCommand answered = session.answeredForTransfer();
        if (answered == passive) {
            passive = null;
            passiveReply(reply);
        } else if (answered == port) {
            port = null;
            portReply(reply);
        } else {
            finalReply(reply);
        }
    }

    private void passiveReply(FtpReply reply) {
        if (failure != null) {
            finish(failure);
            return;
        }
        int port;
        try {
            port = reply.code() == 229 ? DataAddress.parseExtendedPassiveReply(reply)
                : reply.code() == 227 ? DataAddress.parsePassiveReply(reply).getPort() : -1;
        } catch (FtpRefusal malformed) {
            finish(malformed.reply());
            return;
        }
        if (port < 0 && reply.code() / 100 == 5) {
            activeTowardsServer(); // a server without passive mode, or with it off (RFC 959 requires only PORT)
            return;
        }
        if (port < 0) {
            finish(FtpReply.of(425, "The server refused a passive data connection: " + String.join(" ",
                reply.lines())));
            return;
        }
        InetSocketAddress address = new InetSocketAddress(((InetSocketAddress) origin.remoteAddress()).getAddress(),
            port);
        Relay relay = new Relay();
        runtime.connectData(origin.eventLoop(), address, runtime.options().connectTimeoutMillis(), relay)
            .addListener((ChannelFuture f) -> originDataConnected(f, relay));
    }

    private void originDataConnected(ChannelFuture f, Relay relay) {
        if (!f.isSuccess()) {
            finish(FtpReply.of(425, "Cannot open the server's data connection: " + f.cause().getMessage()));
            return;
        }
        originData = new DataChannel(f.channel(), relay);
        if (finished || failure != null) {
            originData.close();
            if (!finished) {
                finish(failure);
            }
            return;
        }
        session.sentByTransfer(command);
        origin.writeAndFlush(Unpooled.wrappedBuffer(command.format()));
    }

    /**
     * The server refused passive mode: the proxy listens on its own address towards the server, on a port the
     * system picks, for one connection from the server's address, and names it with PORT (EPRT over IPv6).
     */
    private void activeTowardsServer() {
        InetSocketAddress local = (InetSocketAddress) origin.localAddress();
        InetAddress server = ((InetSocketAddress) origin.remoteAddress()).getAddress();
        Relay relay = new Relay();
        new ServerBootstrap().group(origin.eventLoop()).channel(runtime.serverClass())
            .childOption(ChannelOption.AUTO_READ, false)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    if (originData != null || !server.equals(ch.remoteAddress().getAddress())) {
                        runtime.log().refusedData(ch.remoteAddress().getAddress());
                        ch.close();
                        return;
                    }
                    ch.pipeline().addLast(relay);
                    originData = new DataChannel(ch, relay);
                    ch.parent().close();
                    activeListener = null;
                    maybeRelay();
                }
            })
            .bind(new InetSocketAddress(local.getAddress(), 0)).addListener((ChannelFuture f) -> {
                if (!f.isSuccess()) {
                    finish(FtpReply.of(425, "Cannot open a data port towards the server: " + f.cause().getMessage()));
                    return;
                }
                activeListener = f.channel();
                InetSocketAddress at = new InetSocketAddress(local.getAddress(),
                    ((InetSocketAddress) f.channel().localAddress()).getPort());
                port = local.getAddress() instanceof Inet4Address ? new FtpCommand("PORT", DataAddress.formatPort(at))
                    : new FtpCommand("EPRT", DataAddress.formatEprt(at));
                session.sentByTransfer(port);
                origin.writeAndFlush(Unpooled.wrappedBuffer(port.format()));
            });
    }

    private void portReply(FtpReply reply) {
        if (failure != null || reply.code() / 100 != 2) {
            finish(failure != null ? failure : FtpReply.of(425, "The server refused both passive and active data"
                + " connections: " + String.join(" ", reply.lines())));
            return;
        }
        session.sentByTransfer(command);
        origin.writeAndFlush(Unpooled.wrappedBuffer(command.format()));
    }

    private void preliminary(FtpReply reply) {
        if (preliminary) {
            session.send(reply);
            return;
        }
        preliminary = true;
        session.send(reply);
        clientTimer = client.eventLoop().schedule(() -> {
            if (clientData == null) {
                clientSide.close(); // the client never made its data connection
            }
        }, runtime.options().dataTimeoutMillis(), TimeUnit.MILLISECONDS);
        clientSide.open(client.eventLoop(), runtime).whenComplete((channel, error) -> {
            if (error != null || channel == null) {
                clientFailed(error);
            } else {
                clientData = channel;
                maybeRelay();
            }
        });
    }

    private void clientFailed(Throwable error) {
        failure = FtpReply.of(425, "Cannot open the data connection with the client"
            + (error == null || error.getMessage() == null ? "" : ": " + error.getMessage()));
        if (originData != null) {
            originData.close(); // the origin ends the transfer with 426: the client gets the reply above instead
        }
        dataDone = true;
        if (held != null) {
            finish(failure);
        }
    }

    /** Relays once both sides are there: towards an active server, its connection may come after the client's. */
    private void maybeRelay() {
        if (finished) {
            if (clientData != null) {
                clientData.close();
            }
            return;
        }
        if (originData == null || clientData == null) {
            return;
        }
        relaying = 2;
        watchIdle(originData.channel());
        watchIdle(clientData.channel());
        originData.relay().attach(clientData.channel(), n -> bytesDown += n, this::sideClosed);
        clientData.relay().attach(originData.channel(), n -> bytesUp += n, this::sideClosed);
        originData.channel().config().setAutoRead(true);
        clientData.channel().config().setAutoRead(true);
    }

    /** A data connection that moves nothing for the data timeout is closed (its relay closes on the event). */
    private void watchIdle(Channel channel) {
        if (channel.isActive()) { // a channel closed early has no pipeline left: nothing to watch
            channel.pipeline().addFirst(new IdleStateHandler(0, 0, runtime.options().dataTimeoutMillis(),
                TimeUnit.MILLISECONDS));
        }
    }

    private void sideClosed() {
        if (--relaying > 0) {
            return;
        }
        dataDone = true;
        if (held != null) {
            finish(failure != null ? failure : held);
        }
    }

    private void finalReply(FtpReply reply) {
        if (!preliminary || dataDone) {
            finish(failure != null ? failure : reply);
            return;
        }
        held = reply;
    }

    /** The client asked to abort: the data connections close now; the origin's replies end the transfer. */
    void abort() {
        failure = FtpReply.of(426, "Connection closed; transfer aborted");
        closeData();
        dataDone = true;
    }

    private void finish(FtpReply reply) {
        if (finished) {
            return;
        }
        finished = true;
        closeData();
        session.send(reply);
        session.transferDone(this, reply.code());
    }

    private void closeData() {
        if (clientTimer != null) {
            clientTimer.cancel(false);
        }
        clientSide.close();
        if (activeListener != null) {
            activeListener.close();
        }
        if (originData != null) {
            originData.close();
        }
        if (clientData != null) {
            clientData.close();
        }
    }
}
