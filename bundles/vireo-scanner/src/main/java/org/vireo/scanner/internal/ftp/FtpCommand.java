package org.vireo.scanner.internal.ftp;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A command line of a client (RFC 959 section 5.3): its verb, upper-cased, and its argument, everything after the
 * first space as it came (a path may have spaces of its own), empty for none. Only the verbs the proxy supports are
 * taken, with their arguments checked, so that what it forwards is what it understood. Text is
 * {@linkplain FtpText bytes as chars}.
 */
record FtpCommand(String verb, String argument) {

    /** A line's length without its CRLF, verb included (RFC 959 sets none; SMTP's 512 is the classic bound). */
    static final int MAX_LINE_BYTES = 512;

    private static final char IAC = 0xff;
    private static final char WILL = 0xfb;
    private static final char DONT = 0xfe;
    /** Telnet's command codes start at SE; a line never starts with one but after a cut Telnet sequence. */
    private static final char SE = 0xf0;

    private enum Argument { NONE, OPTIONAL, REQUIRED }

    /** The verbs the proxy supports; AUTH, PBSZ and PROT only so that it can refuse TLS with a clear reply. */
    private static final Map<String, Argument> VERBS = Map.ofEntries(
        Map.entry("USER", Argument.REQUIRED), Map.entry("PASS", Argument.OPTIONAL),
        Map.entry("QUIT", Argument.NONE), Map.entry("NOOP", Argument.NONE), Map.entry("SYST", Argument.NONE),
        Map.entry("TYPE", Argument.REQUIRED), Map.entry("MODE", Argument.REQUIRED),
        Map.entry("STRU", Argument.REQUIRED), Map.entry("FEAT", Argument.NONE), Map.entry("OPTS", Argument.REQUIRED),
        Map.entry("PWD", Argument.NONE), Map.entry("XPWD", Argument.NONE), Map.entry("CWD", Argument.REQUIRED),
        Map.entry("CDUP", Argument.NONE), Map.entry("XCUP", Argument.NONE), Map.entry("PASV", Argument.NONE),
        Map.entry("EPSV", Argument.OPTIONAL), Map.entry("PORT", Argument.REQUIRED),
        Map.entry("EPRT", Argument.REQUIRED), Map.entry("REST", Argument.REQUIRED),
        Map.entry("SIZE", Argument.REQUIRED), Map.entry("MDTM", Argument.REQUIRED),
        Map.entry("MLSD", Argument.OPTIONAL), Map.entry("MLST", Argument.OPTIONAL),
        Map.entry("LIST", Argument.OPTIONAL), Map.entry("NLST", Argument.OPTIONAL),
        Map.entry("RETR", Argument.REQUIRED), Map.entry("STOR", Argument.REQUIRED),
        Map.entry("APPE", Argument.REQUIRED), Map.entry("RNFR", Argument.REQUIRED),
        Map.entry("RNTO", Argument.REQUIRED), Map.entry("DELE", Argument.REQUIRED),
        Map.entry("MKD", Argument.REQUIRED), Map.entry("XMKD", Argument.REQUIRED), Map.entry("RMD", Argument.REQUIRED),
        Map.entry("XRMD", Argument.REQUIRED), Map.entry("ABOR", Argument.NONE), Map.entry("STAT", Argument.OPTIONAL),
        Map.entry("HELP", Argument.OPTIONAL), Map.entry("AUTH", Argument.REQUIRED),
        Map.entry("PBSZ", Argument.REQUIRED), Map.entry("PROT", Argument.REQUIRED));

    /** Standard verbs the proxy does not support: 502, not implemented, rather than 500, unknown. */
    private static final Set<String> NOT_IMPLEMENTED = Set.of("ACCT", "SMNT", "REIN", "STOU", "ALLO", "SITE", "XCWD",
        "CCC", "ADAT", "MIC", "CONF", "ENC", "LANG", "HOST", "MFMT", "MFCT", "MFF");

    /** Checked here too, so that no command the proxy builds itself can smuggle a second line to the origin. */
    FtpCommand {
        if (!VERBS.containsKey(verb)) {
            throw new IllegalArgumentException("a verb the proxy does not support: " + verb);
        }
        if (!FtpText.isLine(argument)) {
            throw new IllegalArgumentException("an argument with CR, LF, NUL or a char above 0xff: " + argument);
        }
    }

    /** The command of a line read off the connection, without its CRLF. */
    static FtpCommand parse(byte[] line) throws FtpRefusal {
        return parse(new String(line, FtpText.CHARSET));
    }

    /** The command of a line without its CRLF, one char a byte; refused with the reply the client gets. */
    static FtpCommand parse(String line) throws FtpRefusal {
        if (line.length() > MAX_LINE_BYTES) {
            throw new FtpRefusal(500, "Syntax error, command line longer than " + MAX_LINE_BYTES + " bytes");
        }
        String text = withoutTelnetCommands(line);
        int space = text.indexOf(' ');
        String verb = space < 0 ? text : text.substring(0, space);
        String argument = space < 0 ? "" : text.substring(space + 1);
        if (verb.length() < 3 || verb.length() > 4 || !verb.chars().allMatch(c -> c < 0x80 && Character.isLetter(c))) {
            throw new FtpRefusal(500, "Syntax error, command unrecognized");
        }
        verb = verb.toUpperCase(Locale.ROOT);
        Argument arity = VERBS.get(verb);
        if (arity == null) {
            throw NOT_IMPLEMENTED.contains(verb) ? new FtpRefusal(502, "Command not implemented")
                : new FtpRefusal(500, "Syntax error, command unrecognized");
        }
        if (!FtpText.isLine(argument)) {
            throw new FtpRefusal(501, "Syntax error in parameters: a NUL, CR or LF in the argument");
        }
        String given = switch (arity) {
            case NONE -> none(verb, argument);
            case OPTIONAL -> argument;
            case REQUIRED -> required(verb, argument);
        };
        return new FtpCommand(verb, FtpArguments.checked(verb, given));
    }

    /** The line to send, with its CRLF. */
    byte[] format() {
        String line = argument.isEmpty() ? verb : verb + " " + argument;
        // a data byte 0xff reads as IAC at the origin: doubled, as Telnet escapes it (and as the client had to)
        return (line.indexOf(IAC) < 0 ? line : line.replace("\u00ff", "\u00ff\u00ff")).concat("\r\n")
            .getBytes(FtpText.CHARSET);
    }

    /**
     * The line without its Telnet commands (RFC 854): clients send IAC IP and the Synch (IAC DM) before ABOR (RFC 959
     * section 4.1.3). IAC IAC is a data byte 0xff; IAC WILL/WONT/DO/DONT takes an option byte; any other IAC one
     * command byte. Telnet command bytes left before the verb go too: a socket that takes the Synch's IAC as urgent
     * data (not inline) leaves its DM alone in the stream.
     */
    private static String withoutTelnetCommands(String line) {
        if (line.indexOf(IAC) < 0 && (line.isEmpty() || line.charAt(0) < SE)) {
            return line;
        }
        StringBuilder out = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c != IAC) {
                out.append(c);
            } else if (i + 1 < line.length() && line.charAt(i + 1) == IAC) {
                out.append(IAC);
                i++;
            } else {
                char command = i + 1 < line.length() ? line.charAt(i + 1) : 0;
                i += command >= WILL && command <= DONT ? 2 : 1;
            }
        }
        int start = 0;
        while (start < out.length() && out.charAt(start) >= SE && out.charAt(start) < IAC) {
            start++;
        }
        return out.substring(start);
    }

    private static String none(String verb, String argument) throws FtpRefusal {
        if (!argument.chars().allMatch(c -> c == ' ')) { // trailing spaces some clients send are no argument
            throw new FtpRefusal(501, "Syntax error in parameters: " + verb + " takes no argument");
        }
        return "";
    }

    private static String required(String verb, String argument) throws FtpRefusal {
        if (argument.isEmpty()) {
            throw new FtpRefusal(501, "Syntax error in parameters: " + verb + " needs an argument");
        }
        return argument;
    }
}
