package org.vireo.scanner.internal.ftp;

import java.util.Locale;
import java.util.Set;

/**
 * The arguments of the verbs that take parameters rather than paths, checked against what the proxy can relay: 501
 * for one that is not of the verb's syntax, 504 for one that is but names what the proxy does not support (RFC 959
 * section 4.2.1), 522 for a network protocol other than IPv4 and IPv6 (RFC 2428). Parameters come back upper-cased
 * (RFC 959 section 5.3 reads their letters either way), offsets and data addresses in their plain form (no leading
 * zeros, delimiter {@code |}), paths and everything else as they came.
 */
final class FtpArguments {

    /** RFC 959 section 5.3.2's other type codes: ASCII with Telnet or ASA form, EBCDIC, other local byte sizes. */
    private static final Set<String> OTHER_TYPES = Set.of("A T", "A C", "E", "E N", "E T", "E C");

    private FtpArguments() {
    }

    /** The argument of {@code verb}, checked: normalised, or refused with the reply the client gets. */
    static String checked(String verb, String argument) throws FtpRefusal {
        String upper = argument.toUpperCase(Locale.ROOT);
        return switch (verb) {
            case "TYPE" -> type(upper);
            case "MODE" -> oneOf(upper, "S", Set.of("B", "C"), "MODE S (stream)");
            case "STRU" -> oneOf(upper, "F", Set.of("R", "P"), "STRU F (file)");
            case "OPTS" -> option(upper);
            case "REST" -> restartOffset(argument);
            case "EPSV" -> extendedPassive(upper);
            case "PORT" -> DataAddress.formatPort(DataAddress.parsePort(argument));
            case "EPRT" -> DataAddress.formatEprt(DataAddress.parseEprt(argument));
            default -> argument;
        };
    }

    /** The de facto UTF8 option (draft-ietf-ftpext-utf-8-option); MLST's fact selection is not relayed. */
    private static String option(String option) throws FtpRefusal {
        if (!option.equals("UTF8 ON") && !option.equals("UTF8 OFF")) {
            throw new FtpRefusal(501, "Option not understood: only OPTS UTF8 ON and OPTS UTF8 OFF");
        }
        return option;
    }

    private static String type(String type) throws FtpRefusal {
        if (type.equals("A") || type.equals("A N") || type.equals("I") || type.equals("L 8")) {
            return type;
        }
        if (OTHER_TYPES.contains(type) || type.startsWith("L ") && isDecimal(type.substring(2))) {
            throw new FtpRefusal(504, "Command not implemented for that parameter: TYPE A, A N, I or L 8");
        }
        throw new FtpRefusal(501, "Syntax error in parameters: expected TYPE A, A N, I or L 8");
    }

    private static String oneOf(String argument, String supported, Set<String> others, String form)
        throws FtpRefusal {
        if (argument.equals(supported)) {
            return argument;
        }
        throw others.contains(argument) ? new FtpRefusal(504, "Command not implemented for that parameter: " + form)
            : new FtpRefusal(501, "Syntax error in parameters: expected " + form);
    }

    /** RFC 3659 section 5.3: a decimal number of bytes (its upper bound a Java long, what a file offset can be). */
    private static String restartOffset(String offset) throws FtpRefusal {
        try {
            if (isDecimal(offset)) {
                return Long.toString(Long.parseLong(offset));
            }
        } catch (NumberFormatException tooLarge) {
            // refused below, as any other offset that is no number of bytes
        }
        throw new FtpRefusal(501, "Syntax error in parameters: expected REST and a decimal byte offset up to "
            + Long.MAX_VALUE);
    }

    /** RFC 2428 section 3: none, ALL, or a network protocol. */
    private static String extendedPassive(String argument) throws FtpRefusal {
        if (argument.isEmpty() || argument.equals("ALL") || argument.equals("1") || argument.equals("2")) {
            return argument;
        }
        throw isDecimal(argument) ? new FtpRefusal(522, "Network protocol not supported, use (1,2)")
            : new FtpRefusal(501, "Syntax error in parameters: expected EPSV, EPSV ALL, EPSV 1 or EPSV 2");
    }

    private static boolean isDecimal(String text) {
        return !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
