package org.vireo.scanner.internal.ftp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.LineBasedFrameDecoder;
import io.netty.handler.codec.TooLongFrameException;

/** The origin's control connection: its lines read into replies, handed to the session (or fetch) in order. */
final class OriginControl extends ChannelInboundHandlerAdapter {

    /** Who reads the replies: a client's session, or a fetch for the HTTP proxy. */
    interface Replies {

        void onOriginReply(FtpReply reply);

        /** The connection closed, failed or sent what cannot be read: {@code why} says so as a reply. */
        void originFailed(FtpReply why);
    }

    private final Replies session;
    private final FtpReplyParser parser = new FtpReplyParser();

    OriginControl(Replies session) {
        this.session = session;
    }

    /** Reads the replies of the control connection {@code channel} into {@code replies}, a line at a time. */
    static void addTo(Channel channel, Replies replies) {
        channel.pipeline().addLast(new LineBasedFrameDecoder(FtpReplyParser.MAX_LINE_CHARS, true, true),
            new OriginControl(replies));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf line = (ByteBuf) msg;
        String text = line.toString(FtpText.CHARSET);
        line.release();
        try {
            FtpReply reply = parser.feed(text);
            if (reply != null) {
                session.onOriginReply(reply);
            }
        } catch (FtpRefusal malformed) {
            session.originFailed(malformed.reply());
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        session.originFailed(FtpReply.of(421, "The server closed its control connection"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        session.originFailed(FtpReply.of(421, cause instanceof TooLongFrameException
            ? "The server sent a reply line longer than " + FtpReplyParser.MAX_LINE_CHARS + " bytes"
            : "The server's control connection failed: " + cause.getMessage()));
        ctx.close();
    }
}
