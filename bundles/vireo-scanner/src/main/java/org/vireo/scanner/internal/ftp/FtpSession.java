package org.vireo.scanner.internal.ftp;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

import org.vireo.rules.Verdict;
import org.vireo.scanner.internal.policy.Admission;

/**
 * One client's control connection: it logs in as {@code USER name@host[:port]}, the proxy admits the server (the
 * same decision as an HTTP request's), connects and logs in there with the client's name and password, then relays
 * the commands it understood one at a time and every reply in order. Data connections are the proxy's own on each
 * side ({@link FtpTransfer}): the client's PASV, EPSV, PORT and EPRT are answered here, and the origin is always
 * asked for a passive connection, to its control connection's address.
 *
 * <p>Commands that come while a reply is awaited wait in a queue (reading stops meanwhile), except ABOR during a
 * transfer, which is what it is for.
 */
final class FtpSession extends ChannelInboundHandlerAdapter implements OriginControl.Replies {

    /** More commands than this waiting for their turn: the client is not waiting for replies. */
    private static final int MAX_QUEUED = 16;
    private static final String LOGIN_FORM = "USER name@host[:port]";
    /** Wrong proxy logins a session may make. */
    private static final int MAX_PROXY_LOGINS = 3;

    private enum State { LOGIN, CONNECTING, RELAYING, CLOSED }

    private final FtpRuntime runtime;
    private final PassivePorts passivePorts;
    private final ArrayDeque<String> queued = new ArrayDeque<>();
    /** The commands sent to the origin whose final replies have not come, oldest first. */
    private final ArrayDeque<FtpCommand> awaited = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private State state = State.LOGIN;
    private ScheduledFuture<?> loginTimer;
    private Instant loginStart;
    private long loginNanos;
    private ProxyLogin login;
    private Admission admission;
    private Admission.Resolve resolve;
    private Verdict admitted;
    private Channel origin;
    private String proxyUser;
    private boolean proxyLoggedIn;
    private int proxyLoginsRefused;
    private boolean greeted;
    private boolean loggedIn;
    /** The working directory as this session followed it (CWD, CDUP): the paths the rules see are absolute. */
    private String directory = "/";
    private String pendingDirectory;
    private ClientDataSide clientData;
    private FtpTransfer transfer;
    private boolean quitting;

    FtpSession(FtpRuntime runtime, PassivePorts passivePorts) {
        this.runtime = runtime;
        this.passivePorts = passivePorts;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        loginStart = Instant.now();
        loginNanos = System.nanoTime();
        runtime.log().sessionOpened();
        reply(220, "Vireo FTP proxy: log in as " + LOGIN_FORM);
        loginTimer = ctx.executor().schedule(() -> end(421, "Not logged in within "
            + runtime.options().loginTimeoutMillis() + " ms: closing"), runtime.options().loginTimeoutMillis(),
            TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf bytes)) {
            ctx.fireChannelRead(msg);
            return;
        }
        String line = bytes.toString(FtpText.CHARSET);
        bytes.release();
        if (state == State.CLOSED) {
            return;
        }
        if (transfer != null && isAbort(line)) {
            abort();
            return;
        }
        if (busy()) {
            if (queued.size() >= MAX_QUEUED) {
                end(421, "Too many commands without waiting for their replies: closing");
                return;
            }
            queued.add(line);
            ctx.channel().config().setAutoRead(false);
            return;
        }
        command(line);
    }

    private static boolean isAbort(String line) {
        try {
            return FtpCommand.parse(line).verb().equals("ABOR");
        } catch (FtpRefusal notOne) {
            return false;
        }
    }

    /** A reply or a step of the proxy's own is awaited: the next command waits. */
    private boolean busy() {
        return state == State.CONNECTING || state == State.RELAYING && !greeted || !awaited.isEmpty()
            || transfer != null;
    }

    private void command(String line) {
        FtpCommand command;
        try {
            command = FtpCommand.parse(line);
        } catch (FtpRefusal refused) {
            send(refused.reply());
            return;
        }
        if (state == State.LOGIN) {
            beforeLogin(command);
        } else {
            relaying(command);
        }
    }

    // ---- login ----

    private void beforeLogin(FtpCommand command) {
        switch (command.verb()) {
            case "USER" -> user(command);
            case "PASS" -> proxyPassword(command);
            case "QUIT" -> end(221, "Goodbye");
            case "AUTH", "PBSZ", "PROT" -> noTls();
            case "FEAT" -> send(FeatFilter.filter(FtpReply.of(502, "none before login")));
            case "NOOP" -> reply(200, "NOOP ok");
            default -> reply(530, "Not logged in: log in as " + LOGIN_FORM + " first");
        }
    }

    /** A server's login, or the proxy's own user when it has users and the client has not logged in to it yet. */
    private void user(FtpCommand command) {
        if (!runtime.credentials().required() || proxyLoggedIn) {
            admit(command);
        } else if (command.argument().indexOf('@') >= 0) {
            reply(530, "This proxy needs its own login first: USER <proxy user>, PASS <its password>, then "
                + LOGIN_FORM);
        } else {
            proxyUser = command.argument();
            reply(331, "Proxy user " + proxyUser + ": send its password (PASS), then " + LOGIN_FORM);
        }
    }

    /** The proxy user's password: three wrong ones end the session (a client guessing). */
    private void proxyPassword(FtpCommand command) {
        if (proxyUser == null || proxyLoggedIn) {
            reply(503, "Log in with USER first: " + (runtime.credentials().required() && !proxyLoggedIn
                ? "USER <proxy user>, PASS <its password>, then " : "") + LOGIN_FORM);
            return;
        }
        if (runtime.credentials().admits(proxyUser, command.argument())) {
            proxyLoggedIn = true;
            reply(230, "Proxy login accepted: now log in as " + LOGIN_FORM);
            return;
        }
        proxyUser = null;
        if (++proxyLoginsRefused >= MAX_PROXY_LOGINS) {
            end(421, "Too many wrong proxy logins: closing");
        } else {
            reply(530, "Proxy login refused: wrong user or password");
        }
    }

    private void noTls() {
        reply(534, "The proxy does not offer TLS on its control connection (AUTH TLS): use plain FTP to the proxy");
    }

    private void admit(FtpCommand user) {
        try {
            login = ProxyLogin.parse(user.argument());
        } catch (FtpRefusal refused) {
            send(refused.reply());
            return;
        }
        admission = runtime.admission().get();
        Admission.Outcome outcome = admission.admit(request("USER", "/"));
        if (outcome instanceof Admission.Refused refused) {
            refuseLogin(refused.rule(), refused.message());
            return;
        }
        if (outcome instanceof Admission.Blocked blocked) {
            refuseLogin(blocked.verdict().rule(), blocked.verdict().reason());
            return;
        }
        resolve = (Admission.Resolve) outcome;
        state = State.CONNECTING;
        runtime.resolver().apply(login.host()).whenComplete((addresses, error) ->
            ctx.executor().execute(() -> resolved(addresses, error)));
    }

    private Admission.Request request(String verb, String path) {
        InetSocketAddress client = runtime.client().apply(ctx.channel());
        return new Admission.Request(Admission.Protocol.FTP, client == null ? null : client.getAddress(), verb,
            login.host(), login.port(), url(path), List.of());
    }

    private String url(String path) {
        return url("", path);
    }

    /** {@code ftp://[user@]host[:port]path}: what the rules see has no user, the log's line has it. */
    private String url(String user, String path) {
        String host = login.host().contains(":") ? "[" + login.host() + "]" : login.host();
        return "ftp://" + user + host + (login.port() == ProxyLogin.DEFAULT_PORT ? "" : ":" + login.port()) + path;
    }

    private void refuseLogin(String rule, String why) {
        log("USER", "/", 530, 0, 0, rule, loginStart, loginNanos);
        reply(530, "Not logged in: the proxy refuses " + login.host() + ": " + why);
        login = null;
    }

    private void resolved(List<InetAddress> addresses, Throwable error) {
        if (state != State.CONNECTING) {
            return;
        }
        if (error != null) {
            state = State.LOGIN;
            reply(530, "Not logged in: cannot resolve the host " + login.host());
            login = null;
            drain();
            return;
        }
        Admission.Outcome outcome = admission.addresses(resolve, addresses);
        if (outcome instanceof Admission.Blocked blocked) {
            state = State.LOGIN;
            refuseLogin(blocked.verdict().rule(), blocked.verdict().reason());
            drain();
            return;
        }
        Admission.Allowed allowed = (Admission.Allowed) outcome;
        admitted = allowed.verdict();
        connectOrigin(new InetSocketAddress(allowed.addresses().get(0), login.port()));
    }

    private void connectOrigin(InetSocketAddress address) {
        runtime.connectControl(ctx.channel().eventLoop(), address, this)
            .addListener((ChannelFuture f) -> originConnected(f, address));
    }

    private void originConnected(ChannelFuture f, InetSocketAddress address) {
        if (!f.isSuccess()) {
            state = State.LOGIN;
            reply(530, "Not logged in: cannot connect to " + login.host() + " port " + login.port() + ": "
                + f.cause().getMessage());
            login = null;
            drain();
            return;
        }
        if (state != State.CONNECTING) {
            f.channel().close();
            return;
        }
        Verdict onThisNode = admission.connected((InetSocketAddress) f.channel().localAddress(), address, admitted);
        if (!onThisNode.allowed()) {
            f.channel().close();
            state = State.LOGIN;
            refuseLogin(onThisNode.rule(), onThisNode.reason());
            drain();
            return;
        }
        origin = f.channel();
        state = State.RELAYING; // the origin greets first: the USER command waits for it
    }

    /** The origin's greeting: 220 lets the client's USER go on; 120 says to wait; anything else ends it. */
    private void greeted(FtpReply reply) {
        if (reply.code() < 200) {
            return;
        }
        if (reply.code() != 220) {
            end(421, "The server refused the session: " + String.join(" ", reply.lines()));
            return;
        }
        greeted = true;
        forward(new FtpCommand("USER", login.user()));
    }

    // ---- relaying ----

    private void relaying(FtpCommand command) {
        switch (command.verb()) {
            case "USER" -> reply(503, "Already logged in to " + login.host() + ": QUIT, then log in again");
            case "AUTH", "PBSZ", "PROT" -> noTls();
            case "PASV", "EPSV" -> passive(command);
            case "PORT", "EPRT" -> active(command);
            case "LIST", "NLST", "MLSD", "RETR", "STOR", "APPE" -> transfer(command);
            case "ABOR" -> forward(command); // no transfer under way: the origin says so
            case "QUIT" -> {
                quitting = true;
                forward(command);
            }
            case "CWD", "CDUP", "XCUP" -> {
                pendingDirectory = command.verb().equals("CWD") ? FtpPaths.resolve(directory, command.argument())
                    : FtpPaths.parent(directory);
                forward(command);
            }
            default -> forward(command);
        }
    }

    private void forward(FtpCommand command) {
        awaited.add(command);
        origin.writeAndFlush(Unpooled.wrappedBuffer(command.format()));
    }

    /** A reply of the origin's, in order: the final reply of the oldest command awaited, or a preliminary one. */
    @Override
    public void onOriginReply(FtpReply reply) {
        if (state == State.CLOSED) {
            return;
        }
        if (!greeted) {
            greeted(reply);
            return;
        }
        if (transfer != null && transfer.owns(awaited.peek())) {
            transfer.onReply(reply);
            return;
        }
        if (reply.code() < 200) {
            send(reply);
            return;
        }
        FtpCommand answered = awaited.poll();
        if (answered == null) {
            return; // unsolicited (a 421 comes through originClosed)
        }
        afterReply(answered, reply);
    }

    private void afterReply(FtpCommand answered, FtpReply reply) {
        switch (answered.verb()) {
            case "USER", "PASS" -> {
                if (reply.code() == 230) {
                    loggedIn();
                }
                if (reply.code() >= 400 && !loggedIn) { // the server refused the user or its password
                    log("USER", "/", reply.code(), 0, 0, admitted.rule(), loginStart, loginNanos);
                }
                send(reply);
            }
            case "FEAT" -> send(FeatFilter.filter(reply));
            case "CWD", "CDUP", "XCUP" -> {
                if (reply.code() == 250 || reply.code() == 200) {
                    directory = pendingDirectory;
                }
                send(reply);
            }
            case "QUIT" -> end(reply.code(), String.join(" ", reply.lines()));
            default -> send(reply);
        }
        drain();
    }

    private void loggedIn() {
        loggedIn = true;
        if (loginTimer != null) {
            loginTimer.cancel(false);
        }
        log("USER", "/", 230, 0, 0, admitted.rule(), loginStart, loginNanos);
    }

    // ---- data connections ----

    private void passive(FtpCommand command) {
        closeClientData();
        if (passivePorts == null) {
            reply(425, "No passive ports on this proxy (the balancer's ftpPassivePorts in org.vireo.balancer names"
                + " none): use PORT or EPRT");
            return;
        }
        InetSocketAddress reached = runtime.reached().apply(ctx.channel());
        boolean extended = command.verb().equals("EPSV");
        if (!extended && !(reached.getAddress() instanceof Inet4Address)) {
            reply(425, "PASV names IPv4 addresses only; this connection is IPv6: use EPSV");
            return;
        }
        ctx.channel().config().setAutoRead(false);
        ClientDataSide.Passive.listen(ctx.channel().eventLoop(), runtime, passivePorts, clientAddress())
            .whenComplete((bound, error) -> ctx.executor().execute(() -> passiveBound(extended, reached, bound,
                error)));
        awaited.add(command); // the reply is the proxy's own: nothing else goes until it is sent
    }

    private void passiveBound(boolean extended, InetSocketAddress reached, ClientDataSide.Passive passive,
                              Throwable error) {
        awaited.poll();
        if (error != null) {
            reply(425, "Cannot open a passive data port: " + error.getMessage());
            drain();
            return;
        }
        if (state == State.CLOSED) {
            passive.close();
            return;
        }
        clientData = passive;
        send(extended ? DataAddress.extendedPassiveReply(passive.port())
            : DataAddress.passiveReply(new InetSocketAddress(reached.getAddress(), passive.port())));
        ctx.executor().schedule(() -> {
            if (clientData == passive && transfer == null) {
                closeClientData(); // never used: the port goes back to the range
            }
        }, runtime.options().dataTimeoutMillis(), TimeUnit.MILLISECONDS);
        drain();
    }

    private void active(FtpCommand command) {
        InetSocketAddress address;
        try {
            address = command.verb().equals("PORT") ? DataAddress.parsePort(command.argument())
                : DataAddress.parseEprt(command.argument());
        } catch (FtpRefusal refused) {
            send(refused.reply());
            return;
        }
        if (!ClientDataSide.sameClient(clientAddress(), address.getAddress())) {
            runtime.log().refusedData(address.getAddress());
            reply(501, command.verb() + " to " + address.getAddress().getHostAddress() + " refused: a data"
                + " connection goes only to the client's own address (no FTP bounce)");
            return;
        }
        closeClientData();
        clientData = new ClientDataSide.Active(address);
        reply(200, command.verb() + " command successful");
    }

    private void transfer(FtpCommand command) {
        if (clientData == null) {
            reply(425, "Use PORT, EPRT, PASV or EPSV first");
            return;
        }
        String path = command.argument().isEmpty() || command.argument().startsWith("-") ? directory
            : FtpPaths.resolve(directory, command.argument());
        // the rules in force now, not at login: a session outlives a change of them
        Admission now = runtime.admission().get();
        Admission.Outcome outcome = now.admit(request(command.verb(), path));
        if (outcome instanceof Admission.Resolve r) {
            outcome = now.addresses(r, List.of(((InetSocketAddress) origin.remoteAddress()).getAddress()));
        }
        if (outcome instanceof Admission.Blocked blocked) {
            refuseTransfer(command, path, blocked.verdict().rule(), blocked.verdict().reason());
            return;
        }
        if (outcome instanceof Admission.Refused refused) {
            refuseTransfer(command, path, refused.rule(), refused.message());
            return;
        }
        ClientDataSide side = clientData;
        clientData = null; // a data mode is for one transfer
        transfer = new FtpTransfer(this, runtime, command, path, side, ((Admission.Allowed) outcome).verdict(),
            origin, ctx.channel());
        FtpCommand passive = new FtpCommand(originIpv6() ? "EPSV" : "PASV", "");
        awaited.add(passive);
        transfer.start(passive);
    }

    private void refuseTransfer(FtpCommand command, String path, String rule, String why) {
        closeClientData();
        log(command.verb(), path, 550, 0, 0, rule, Instant.now(), System.nanoTime());
        reply(550, "Blocked by the proxy: " + url(path) + ": " + why);
    }

    private boolean originIpv6() {
        return ((InetSocketAddress) origin.remoteAddress()).getAddress() instanceof Inet6Address;
    }

    /** The transfer sent a command of its own, or took the final reply of one: the queue follows. */
    void sentByTransfer(FtpCommand command) {
        awaited.add(command);
    }

    FtpCommand answeredForTransfer() {
        return awaited.poll();
    }

    /** The transfer is over: its final reply went to the client. */
    void transferDone(FtpTransfer done, int reply) {
        if (transfer != done) {
            return;
        }
        transfer = null;
        log(done.command().verb(), done.path(), reply, done.bytesUp(), done.bytesDown(), done.rule(), done.start(),
            done.startNanos());
        drain();
    }

    private void abort() {
        FtpCommand abort = new FtpCommand("ABOR", "");
        transfer.abort();
        awaited.add(abort);
        origin.writeAndFlush(Unpooled.wrappedBuffer(abort.format()));
    }

    private void closeClientData() {
        if (clientData != null) {
            clientData.close();
            clientData = null;
        }
    }

    private InetAddress clientAddress() {
        InetSocketAddress client = runtime.client().apply(ctx.channel());
        return client == null ? null : client.getAddress();
    }

    /** Runs the commands that waited, as long as none has to wait again. */
    private void drain() {
        while (!queued.isEmpty() && !busy() && state != State.CLOSED) {
            command(queued.poll());
        }
        if (state != State.CLOSED) {
            ctx.channel().config().setAutoRead(queued.isEmpty());
        }
    }

    // ---- replies and ends ----

    void send(FtpReply reply) {
        ctx.writeAndFlush(Unpooled.wrappedBuffer(reply.format()));
    }

    private void reply(int code, String text) {
        send(FtpReply.of(code, text));
    }

    /** The origin's control connection failed or sent what cannot be read: the session cannot go on. */
    @Override
    public void originFailed(FtpReply why) {
        if (state == State.CLOSED) {
            return;
        }
        origin = null;
        if (quitting) {
            end(221, "Goodbye");
        } else {
            end(why.code(), String.join(" ", why.lines()));
        }
    }

    /** Ends the session: the last reply, then the connection closed, with everything it held. */
    void end(int code, String text) {
        if (state == State.CLOSED) {
            return;
        }
        state = State.CLOSED;
        ctx.writeAndFlush(Unpooled.wrappedBuffer(FtpReply.of(code, text).format()))
            .addListener(ChannelFutureListener.CLOSE);
        cleanUp();
    }

    private void cleanUp() {
        if (loginTimer != null) {
            loginTimer.cancel(false);
        }
        closeClientData();
        if (transfer != null) {
            transfer.abort();
        }
        if (origin != null) {
            origin.close();
            origin = null;
        }
        queued.clear();
    }

    /** A line of the access log: the session's admission ({@code USER}) or a transfer. */
    private void log(String verb, String path, int reply, long bytesUp, long bytesDown, String rule,
                     Instant start, long startNanos) {
        InetAddress client = clientAddress();
        runtime.log().record(new FtpLog.Entry(start, startNanos, client == null ? "-" : Literals.text(client),
            verb, login == null ? "-" : url(login.user() + "@", path), reply, bytesUp, bytesDown, rule),
            ctx.executor());
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        runtime.log().sessionClosed();
        state = State.CLOSED;
        cleanUp();
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && transfer == null) {
            end(421, "No command for " + runtime.options().idleTimeoutMillis() + " ms: closing");
        } else {
            ReferenceCountUtil.release(evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof TooLongFrameException) {
            reply(500, "Syntax error, command line longer than " + FtpCommand.MAX_LINE_BYTES + " bytes");
            return;
        }
        ctx.close();
    }
}
