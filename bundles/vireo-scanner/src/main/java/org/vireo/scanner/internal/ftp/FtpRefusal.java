package org.vireo.scanner.internal.ftp;

/**
 * A line the proxy will not take, with the reply that says why: checked, so that no caller can forget to answer.
 * A command's refusal is the reply to the client (500, 501, 502, 504, 522, 530); a malformed reply or data address
 * from the origin is refused with the reply the client gets in its place (421 for a reply stream that cannot be
 * trusted any more, 425 for a data connection that cannot be opened).
 */
final class FtpRefusal extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient FtpReply reply;

    FtpRefusal(int code, String text) {
        super(code + " " + text, null, false, false); // a refusal is a value: no stack trace to fill
        this.reply = FtpReply.of(code, text);
    }

    FtpReply reply() {
        return reply;
    }
}
