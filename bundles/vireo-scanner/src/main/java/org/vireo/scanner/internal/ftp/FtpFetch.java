package org.vireo.scanner.internal.ftp;

import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.ReferenceCountUtil;

import org.vireo.scanner.internal.proxy.Deadline;

/**
 * One {@code ftp://} URL fetched for the HTTP proxy, on its client's event loop: log in, {@code TYPE}, then a file
 * ({@code SIZE}, a passive data connection, {@code RETR}) or a directory ({@code CWD}, {@code LIST} or {@code NLST});
 * a {@code RETR} answered 550 is tried as a directory, as a URL does not say which it names. The data connection
 * goes to the server's control address whatever its passive reply names, as the FTP proxy's own do. What comes is
 * handed to a {@link Receiver}, which says when to stop reading ({@link #read}); the session ends with {@code QUIT}.
 */
public final class FtpFetch implements OriginControl.Replies {

    /** The {@code ;type=} of the URL (RFC 1738 section 3.2.2): {@code i} (the default), {@code a}, {@code d}. */
    public enum Type { BINARY, ASCII, NAMES }

    /** What the data is: a file's bytes, the lines of a {@code LIST} (one each), the bytes of an {@code NLST}. */
    public enum Content { FILE, LISTING, NAMES }

    /** Why a fetch ended before its data: each an HTTP status to the receiver. */
    public enum Problem { LOGIN, NOT_FOUND, REFUSED, UNREACHABLE, TIMEOUT }

    /** @param message what went wrong, with the server's reply where it gave one */
    public record Failure(Problem problem, String message) {
    }

    /**
     * What to fetch, as the server's text ({@linkplain FtpText bytes as chars}).
     *
     * @param path from the login directory (RFC 1738), without a leading {@code /}; empty, or ending in {@code /}, for
     *             a directory
     * @param body false for a HEAD: what the data would be and its size, without the data
     */
    public record Request(String user, String password, String path, Type type, boolean body) {

        public Request {
            if (!FtpText.isLine(user) || !FtpText.isLine(password) || !FtpText.isLine(path)) {
                throw new IllegalArgumentException("FTP text with a CR, LF, NUL or a char above 0xff");
            }
        }

        boolean directory() {
            return path.isEmpty() || path.endsWith("/") || type == Type.NAMES;
        }

        /** The path as a command names it: a directory without its trailing slash. */
        String name() {
            return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        }
    }

    /** Told what comes, on the fetch's event loop; after {@link #end} or {@link #failed} nothing more. */
    public interface Receiver {

        /** The control connection is made: whether it may be used (when not, the receiver has answered). */
        boolean admits(Channel control);

        /** The data begins: {@code size} in bytes for a file whose size the server told, else -1. */
        void begin(Content content, long size);

        /** Data, the receiver's to release: bytes of a file or of names, or one line of a listing. */
        void data(ByteBuf bytes);

        void end();

        /** Before {@link #begin}, why there is nothing; after it, the data is cut. */
        void failed(Failure failure);
    }

    /** A listing line longer than this is left out (servers' lines are a name and some columns). */
    private static final int MAX_LISTING_LINE = 8192;

    private final EventLoop loop;
    private final InetSocketAddress server;
    private final BiFunction<EventLoop, InetSocketAddress, ChannelFuture> connect;
    private final Request request;
    private final Receiver receiver;
    private final Deadline deadline;
    private final int timeoutMillis;
    private Channel control;
    private Channel data;
    /** The command whose final reply is awaited; null for the greeting. */
    private FtpCommand awaiting;
    private Content content;
    private long size = -1;
    /** RETR's 550, kept while the path is tried as a directory: the answer if it is none either. */
    private FtpReply notFound;
    private boolean begun;
    private boolean paused;
    private boolean dataClosed;
    private boolean transferred;
    private boolean finished;

    private FtpFetch(EventLoop loop, InetSocketAddress server,
                     BiFunction<EventLoop, InetSocketAddress, ChannelFuture> connect, int timeoutMillis,
                     Request request, Receiver receiver) {
        this.loop = loop;
        this.server = server;
        this.connect = connect;
        this.timeoutMillis = timeoutMillis;
        this.request = request;
        this.receiver = receiver;
        this.content = !request.directory() ? Content.FILE
            : request.type() == Type.NAMES ? Content.NAMES : Content.LISTING;
        this.deadline = Deadline.onLoop(loop, timeoutMillis, () -> fail(Problem.TIMEOUT,
            "The FTP server did not answer within " + timeoutMillis + " ms."));
    }

    /**
     * Starts fetching from {@code server}, an address the caller admitted; call on {@code loop}.
     *
     * @param connect       a new connection on the loop, read switched off (the proxy's raw origin connections)
     * @param timeoutMillis each reply, and the data while the receiver reads, must come within this
     */
    public static FtpFetch start(EventLoop loop, InetSocketAddress server,
                                 BiFunction<EventLoop, InetSocketAddress, ChannelFuture> connect, int timeoutMillis,
                                 Request request, Receiver receiver) {
        FtpFetch fetch = new FtpFetch(loop, server, connect, timeoutMillis, request, receiver);
        fetch.deadline.arm();
        connect.apply(loop, server).addListener((ChannelFuture f) -> fetch.connected(f));
        return fetch;
    }

    /** Whether to read the data on: off while the receiver's client cannot take more, so a slow one slows it. */
    public void read(boolean on) {
        if (finished) {
            return;
        }
        paused = !on;
        if (begun && data != null) {
            data.config().setAutoRead(on);
        }
        if (on) {
            deadline.arm();
        } else {
            deadline.disarm(); // waiting for the client is no fault of the server's
        }
    }

    /** The receiver is gone (its client left): everything closes at once, without a word to it. */
    public void close() {
        if (finished) {
            return; // QUIT under way
        }
        finished = true;
        deadline.close();
        closeData();
        if (control != null) {
            control.close();
        }
    }

    // ---- the control connection ----

    /** Whether a connection is there to use: closed if the fetch ended meanwhile, else the fetch fails without it. */
    private boolean made(ChannelFuture f, String failure) {
        if (finished) {
            f.channel().close();
            return false;
        }
        if (!f.isSuccess()) {
            fail(f.cause() instanceof ConnectTimeoutException ? Problem.TIMEOUT : Problem.UNREACHABLE,
                failure + ": " + f.cause().getMessage());
            return false;
        }
        return true;
    }

    private void connected(ChannelFuture f) {
        if (!made(f, "Cannot connect to the FTP server " + Literals.text(server.getAddress()) + " port "
            + server.getPort())) {
            return;
        }
        control = f.channel();
        if (!receiver.admits(control)) {
            finished = true;
            deadline.close();
            control.close();
            return;
        }
        OriginControl.addTo(control, this);
        control.config().setAutoRead(true);
    }

    @Override
    public void onOriginReply(FtpReply reply) {
        if (finished) {
            if (awaiting != null && awaiting.verb().equals("QUIT")) {
                control.close();
            }
            return;
        }
        deadline.arm();
        if (reply.code() < 200) {
            if (isTransfer(awaiting)) {
                begin();
            }
            return; // a greeting's 120, or a command's preliminary reply: the final one follows
        }
        switch (awaiting == null ? "" : awaiting.verb()) {
            case "" -> greeted(reply);
            case "USER", "PASS" -> login(reply);
            case "TYPE" -> typed(reply);
            case "SIZE" -> sized(reply);
            case "CWD" -> changedDirectory(reply);
            case "EPSV", "PASV" -> passiveReply(reply);
            default -> transferReply(reply);
        }
    }

    @Override
    public void originFailed(FtpReply why) {
        fail(Problem.REFUSED, "The FTP server's control connection ended: " + text(why));
    }

    private void send(String verb, String argument) {
        awaiting = new FtpCommand(verb, argument);
        control.writeAndFlush(Unpooled.wrappedBuffer(awaiting.format()));
    }

    private void greeted(FtpReply reply) {
        if (reply.code() == 220) {
            send("USER", request.user());
        } else {
            refused(reply);
        }
    }

    private void login(FtpReply reply) {
        if (reply.code() == 331 && awaiting.verb().equals("USER")) {
            send("PASS", request.password());
        } else if (reply.code() == 230 || reply.code() == 202 && awaiting.verb().equals("PASS")) {
            send("TYPE", request.type() == Type.ASCII ? "A" : "I");
        } else if (reply.code() == 530) {
            fail(Problem.LOGIN, "The FTP server refused the login of " + decoded(request.user()) + ": "
                + text(reply));
        } else {
            refused(reply); // 332: an account is needed, which a URL cannot give
        }
    }

    private void typed(FtpReply reply) {
        if (reply.code() != 200) {
            refused(reply);
        } else if (content == Content.FILE && request.type() != Type.ASCII) {
            send("SIZE", request.name());
        } else if (content == Content.FILE) {
            passive(); // SIZE counts the bytes as stored, not as an ASCII transfer converts them
        } else {
            changeDirectory();
        }
    }

    private void sized(FtpReply reply) {
        if (reply.code() == 213) {
            try {
                size = Long.parseLong(reply.lines().get(0).trim());
            } catch (NumberFormatException notANumber) {
                size = -1; // optional: the file goes chunked
            }
        }
        passive();
    }

    private void changeDirectory() {
        if (request.name().isEmpty()) {
            passive(); // the login directory
        } else {
            send("CWD", request.name());
        }
    }

    private void changedDirectory(FtpReply reply) {
        if (reply.code() == 250 || reply.code() == 200) {
            passive();
        } else if (reply.code() == 550) {
            fail(Problem.NOT_FOUND, "The FTP server has no " + decoded(request.name()) + ": "
                + text(notFound != null ? notFound : reply));
        } else {
            refused(reply);
        }
    }

    // ---- the data connection ----

    /** A HEAD that knows what it needs stops here; anything else asks for a data connection. */
    private void passive() {
        if (!request.body() && (content != Content.FILE || size >= 0)) {
            begin();
            return;
        }
        send("EPSV", "");
    }

    private void passiveReply(FtpReply reply) {
        boolean extended = awaiting.verb().equals("EPSV");
        int port;
        try {
            port = extended ? DataAddress.parseExtendedPassiveReply(reply)
                : DataAddress.parsePassiveReply(reply).getPort(); // the address in it is never used
        } catch (FtpRefusal none) {
            if (extended && server.getAddress() instanceof Inet4Address) {
                send("PASV", ""); // RFC 2428 is younger than many servers
            } else {
                refused(reply);
            }
            return;
        }
        connect.apply(loop, new InetSocketAddress(server.getAddress(), port))
            .addListener((ChannelFuture f) -> dataConnected(f));
    }

    private void dataConnected(ChannelFuture f) {
        if (!made(f, "Cannot open the FTP server's data connection")) {
            return;
        }
        data = f.channel();
        dataClosed = false;
        // a small file may come, and its connection close, before 150: held, the close as an input shutdown
        data.config().setOption(ChannelOption.ALLOW_HALF_CLOSURE, true);
        data.pipeline().addLast(new DataHold());
        switch (content) {
            case FILE -> send("RETR", request.name());
            case LISTING -> send("LIST", "");
            case NAMES -> send("NLST", "");
        }
    }

    private static boolean isTransfer(FtpCommand command) {
        return command != null && List.of("RETR", "LIST", "NLST").contains(command.verb());
    }

    private void transferReply(FtpReply reply) {
        if (reply.code() < 300) {
            begin(); // a server may skip the preliminary reply
            transferred = true;
            endIfDone();
        } else if (begun) {
            fail(Problem.REFUSED, "The FTP server ended the transfer: " + text(reply));
        } else if (reply.code() == 550 && content == Content.FILE) {
            notFound = reply; // perhaps a directory, named without its slash
            closeData();
            content = Content.LISTING;
            send("CWD", request.name());
        } else if (reply.code() == 550) {
            fail(Problem.NOT_FOUND, "The FTP server has no " + decoded(request.name()) + ": " + text(reply));
        } else {
            refused(reply);
        }
    }

    private void begin() {
        if (begun) {
            return;
        }
        begun = true;
        receiver.begin(content, content == Content.FILE ? size : -1);
        if (!request.body()) {
            finish(); // a HEAD: what the data would be is all it asked
            return;
        }
        if (content == Content.LISTING) {
            data.pipeline().addLast(new Lines());
        }
        data.pipeline().addLast(new DataReader());
        DataHold.release(data);
        data.config().setAutoRead(!paused);
    }

    /** The data is through when both its connection closed and the server's final reply said so. */
    private void endIfDone() {
        if (transferred && dataClosed && !finished) {
            finish();
        }
    }

    /** The data connection, past its hold: each read to the receiver. */
    private final class DataReader extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (finished || !(msg instanceof ByteBuf bytes)) {
                ReferenceCountUtil.release(msg);
                return;
            }
            deadline.arm();
            receiver.data(bytes);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            ended(ctx);
        }

        /** The server closed the data connection (half-closure allowed: its end of input): the data is through. */
        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof ChannelInputShutdownEvent) {
                ctx.close();
                ended(ctx);
            } else {
                ctx.fireUserEventTriggered(evt);
            }
        }

        private void ended(ChannelHandlerContext ctx) {
            if (ctx.channel() == data && !dataClosed) {
                dataClosed = true;
                endIfDone();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            if (!(cause instanceof TooLongFrameException)) { // a listing line left out: the rest goes on
                ctx.close();
            }
        }
    }

    /** A listing's lines, the last one too when the server did not end it. */
    private static final class Lines extends LineBasedFrameDecoder {

        Lines() {
            super(MAX_LISTING_LINE, true, false);
        }

        @Override
        protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
            super.decodeLast(ctx, in, out);
            if (in.isReadable()) {
                out.add(in.readRetainedSlice(in.readableBytes()));
            }
        }
    }

    // ---- ends ----

    private void finish() {
        finished = true;
        deadline.close();
        closeData();
        receiver.end();
        quit();
    }

    private void refused(FtpReply reply) {
        fail(Problem.REFUSED, "The FTP server answered " + awaitedVerb() + ": " + text(reply));
    }

    private String awaitedVerb() {
        return awaiting == null ? "the connection" : awaiting.verb();
    }

    private void fail(Problem problem, String message) {
        if (finished) {
            return;
        }
        finished = true;
        deadline.close();
        closeData();
        receiver.failed(new Failure(problem, message));
        quit();
    }

    /** Ends the session politely: QUIT, and the connection closed at its reply or after the timeout. */
    private void quit() {
        if (control == null || !control.isActive()) {
            return;
        }
        send("QUIT", "");
        Channel closing = control;
        loop.schedule(() -> closing.close(), timeoutMillis, TimeUnit.MILLISECONDS);
    }

    private void closeData() {
        if (data != null) {
            data.close();
            data = null;
        }
    }

    /** A reply as a person reads it: its code and lines, the server's bytes read as UTF-8. */
    private static String text(FtpReply reply) {
        return reply.code() + " " + decoded(String.join(" ", reply.lines()));
    }

    private static String decoded(String text) {
        return new String(text.getBytes(FtpText.CHARSET), StandardCharsets.UTF_8);
    }
}
