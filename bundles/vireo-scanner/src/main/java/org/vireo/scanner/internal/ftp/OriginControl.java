package org.vireo.scanner.internal.ftp;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;

/** The origin's control connection: its lines read into replies, handed to the session in order. */
final class OriginControl extends ChannelInboundHandlerAdapter {

    private final FtpSession session;
    private final FtpReplyParser parser = new FtpReplyParser();

    OriginControl(FtpSession session) {
        this.session = session;
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
