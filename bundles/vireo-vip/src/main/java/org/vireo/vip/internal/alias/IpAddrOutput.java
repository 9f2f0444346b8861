package org.vireo.vip.internal.alias;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads the addresses out of {@code ip -o addr show} (one line per address: "2: eth0    inet 10.0.0.1/24 ..."). */
public final class IpAddrOutput {

    /** The flags of an address that say it cannot be used yet, or ever: duplicate address detection's. */
    private static final Set<String> DAD_FLAGS = Set.of("tentative", "dadfailed");

    /**
     * An address and its duplicate address detection flags.
     *
     * @param tentative DAD is under way (or, with {@code dadFailed}, failed): the kernel will not send from it
     * @param dadFailed another node on the link has the address
     */
    public record Entry(InetAddress address, boolean tentative, boolean dadFailed) {
        public boolean usable() {
            return !tentative && !dadFailed;
        }
    }

    private IpAddrOutput() {
    }

    public static List<InetAddress> addresses(String output) {
        return entries(output).stream().map(Entry::address).toList();
    }

    public static List<Entry> entries(String output) {
        List<Entry> result = new ArrayList<>();
        for (String line : output.split("\n")) {
            String[] words = line.trim().split("\\s+");
            for (int i = 0; i + 1 < words.length; i++) {
                if (words[i].equals("inet") || words[i].equals("inet6")) {
                    String literal = words[i + 1];
                    int slash = literal.indexOf('/');
                    InetAddress address;
                    try {
                        // a literal from iproute2: getByName parses it without a lookup
                        address = InetAddress.getByName(slash < 0 ? literal : literal.substring(0, slash));
                    } catch (UnknownHostException e) {
                        throw new IllegalArgumentException("unexpected address in 'ip -o addr' output: " + line, e);
                    }
                    List<String> flags = List.of(words).subList(i + 2, words.length).stream()
                        .filter(DAD_FLAGS::contains).toList();
                    result.add(new Entry(address, flags.contains("tentative"), flags.contains("dadfailed")));
                    break;
                }
            }
        }
        return result;
    }
}
