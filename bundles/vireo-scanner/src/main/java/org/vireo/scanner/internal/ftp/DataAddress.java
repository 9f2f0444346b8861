package org.vireo.scanner.internal.ftp;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The addresses of data connections, as the four forms write them: {@code PORT h1,h2,h3,h4,p1,p2} (RFC 959), its
 * passive answer {@code 227 ... (h1,h2,h3,h4,p1,p2)}, {@code EPRT |proto|addr|port|} (RFC 2428) and its passive
 * answer {@code 229 ... (|||port|)}. The proxy ends data connections on both sides, so it reads each form from one
 * side and writes it anew to the other. Literals only: no name is ever looked up.
 */
final class DataAddress {

    /** Not after a digit nor before one, so that {@code 1234,...} is not read as {@code 234,...}. */
    private static final Pattern SIX_NUMBERS = Pattern.compile("(?<![0-9])([0-9]{1,3}),([0-9]{1,3}),([0-9]{1,3}),"
        + "([0-9]{1,3}),([0-9]{1,3}),([0-9]{1,3})(?![0-9])");
    /** RFC 2428 section 3: the delimiter (any of ASCII 33-126, the same three times), two empty fields, the port. */
    private static final Pattern EXTENDED_PASSIVE = Pattern.compile("\\(([\\x21-\\x7e])\\1\\1([0-9]{1,5})\\1\\)");
    private static final String PORT_FORM = "PORT h1,h2,h3,h4,p1,p2 (numbers 0-255, port 1-65535)";
    private static final String EPRT_FORM = "EPRT |1|IPv4 address|port| or |2|IPv6 address|port|";

    private DataAddress() {
    }

    /** The address of a PORT argument; refused with 501. */
    static InetSocketAddress parsePort(String argument) throws FtpRefusal {
        Matcher numbers = SIX_NUMBERS.matcher(argument);
        InetSocketAddress address = numbers.matches() ? sixNumbers(numbers) : null;
        if (address == null) {
            throw new FtpRefusal(501, "Syntax error in parameters: expected " + PORT_FORM);
        }
        return address;
    }

    /**
     * The address of a PASV reply: the first six numbers in its text, wherever they are (servers write {@code (...)},
     * {@code =...}, or the bare numbers). Refused with 425, as the data connection cannot be opened.
     */
    static InetSocketAddress parsePassiveReply(FtpReply reply) throws FtpRefusal {
        Matcher numbers = SIX_NUMBERS.matcher(String.join("\n", reply.lines()));
        InetSocketAddress address = reply.code() == 227 && numbers.find() ? sixNumbers(numbers) : null;
        if (address == null) {
            throw new FtpRefusal(425, "Can't open data connection: the origin server's passive reply has no"
                + " address h1,h2,h3,h4,p1,p2");
        }
        return address;
    }

    /**
     * The address of an EPRT argument; refused with 522 for a protocol other than 1 (IPv4) or 2 (IPv6), as RFC 2428
     * section 2 says, else with 501.
     */
    static InetSocketAddress parseEprt(String argument) throws FtpRefusal {
        char delimiter = argument.isEmpty() ? ' ' : argument.charAt(0);
        String[] fields = argument.split(Pattern.quote(String.valueOf(delimiter)), -1);
        if (delimiter < 0x21 || delimiter > 0x7e || fields.length != 5 || !fields[0].isEmpty()
            || !fields[4].isEmpty()) {
            throw new FtpRefusal(501, "Syntax error in parameters: expected " + EPRT_FORM);
        }
        if (!fields[1].equals("1") && !fields[1].equals("2") && !fields[1].isEmpty()
            && fields[1].chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new FtpRefusal(522, "Network protocol not supported, use (1,2)");
        }
        InetAddress address = fields[1].equals("1") ? Literals.ipv4(fields[2])
            : fields[1].equals("2") ? Literals.ipv6(fields[2]) : null;
        int port = Literals.port(fields[3]);
        if (address == null || port < 0) {
            throw new FtpRefusal(501, "Syntax error in parameters: expected " + EPRT_FORM);
        }
        return new InetSocketAddress(address, port);
    }

    /**
     * The port of an EPSV reply; the address is the control connection's (RFC 2428 section 3). Refused with 425, as
     * the data connection cannot be opened.
     */
    static int parseExtendedPassiveReply(FtpReply reply) throws FtpRefusal {
        Matcher field = EXTENDED_PASSIVE.matcher(String.join("\n", reply.lines()));
        int port = reply.code() == 229 && field.find() ? Literals.port(field.group(2)) : -1;
        if (port < 0) {
            throw new FtpRefusal(425, "Can't open data connection: the origin server's extended passive reply has"
                + " no port (|||port|)");
        }
        return port;
    }

    /** The argument of PORT, {@code h1,h2,h3,h4,p1,p2}: an IPv4 address only. */
    static String formatPort(InetSocketAddress address) {
        byte[] bytes = ipv4(address).getAddress();
        int port = address.getPort();
        return (bytes[0] & 0xff) + "," + (bytes[1] & 0xff) + "," + (bytes[2] & 0xff) + "," + (bytes[3] & 0xff) + ","
            + (port >> 8) + "," + (port & 0xff);
    }

    /** The reply to PASV: {@code 227 Entering Passive Mode (h1,h2,h3,h4,p1,p2).}, the words of RFC 959. */
    static FtpReply passiveReply(InetSocketAddress address) {
        return FtpReply.of(227, "Entering Passive Mode (" + formatPort(address) + ").");
    }

    /** The argument of EPRT: {@code |1|IPv4|port|} or {@code |2|IPv6|port|}. */
    static String formatEprt(InetSocketAddress address) {
        InetAddress ip = literal(address);
        return "|" + (ip instanceof Inet4Address ? 1 : 2) + "|" + Literals.text(ip) + "|" + address.getPort() + "|";
    }

    /** The reply to EPSV: {@code 229 Entering Extended Passive Mode (|||port|)}, the words of RFC 2428. */
    static FtpReply extendedPassiveReply(int port) {
        checkPort(port);
        return FtpReply.of(229, "Entering Extended Passive Mode (|||" + port + "|)");
    }

    /** The address of six numbers 0-255, the last two the port's high and low bytes, or null if one is out of range. */
    private static InetSocketAddress sixNumbers(Matcher numbers) {
        int[] n = new int[6];
        for (int i = 0; i < 6; i++) {
            n[i] = Integer.parseInt(numbers.group(i + 1));
            if (n[i] > 255) {
                return null;
            }
        }
        int port = n[4] << 8 | n[5];
        InetAddress ip = Literals.ipv4(n[0] + "." + n[1] + "." + n[2] + "." + n[3]);
        return port == 0 ? null : new InetSocketAddress(ip, port);
    }

    private static InetAddress ipv4(InetSocketAddress address) {
        InetAddress ip = literal(address);
        if (!(ip instanceof Inet4Address)) {
            throw new IllegalArgumentException("PORT and PASV carry IPv4 addresses only: " + address);
        }
        return ip;
    }

    private static InetAddress literal(InetSocketAddress address) {
        if (address.getAddress() == null) {
            throw new IllegalArgumentException("a data address is an IP address, not a name: " + address);
        }
        checkPort(address.getPort());
        return address.getAddress();
    }

    private static void checkPort(int port) {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("a data connection's port is 1-65535: " + port);
        }
    }
}
