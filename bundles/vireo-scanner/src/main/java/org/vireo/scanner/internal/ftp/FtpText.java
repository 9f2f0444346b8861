package org.vireo.scanner.internal.ftp;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The text of the control connection: its bytes as chars, one each (ISO-8859-1), so that a path or a reply in any
 * charset (UTF-8 after {@code OPTS UTF8 ON}, Latin-1 before) passes through the proxy byte for byte, undecoded.
 */
public final class FtpText {

    static final Charset CHARSET = StandardCharsets.ISO_8859_1;

    private FtpText() {
    }

    /**
     * Whether {@code text} can stand in one line: no CR or LF (which would end it, or start a second command or reply
     * the other side never sent), no NUL (which C servers read as the end of a string), and every char a byte.
     */
    public static boolean isLine(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' || c == '\n' || c == '\0' || c > 0xff) {
                return false;
            }
        }
        return true;
    }
}
