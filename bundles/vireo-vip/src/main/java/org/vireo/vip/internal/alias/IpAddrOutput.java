package org.vireo.vip.internal.alias;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/** Reads the addresses out of {@code ip -o addr show} (one line per address: "2: eth0    inet 10.0.0.1/24 ..."). */
public final class IpAddrOutput {

    private IpAddrOutput() {
    }

    public static List<InetAddress> addresses(String output) {
        List<InetAddress> result = new ArrayList<>();
        for (String line : output.split("\n")) {
            String[] words = line.trim().split("\\s+");
            for (int i = 0; i + 1 < words.length; i++) {
                if (words[i].equals("inet") || words[i].equals("inet6")) {
                    String literal = words[i + 1];
                    int slash = literal.indexOf('/');
                    try {
                        // a literal from iproute2: getByName parses it without a lookup
                        result.add(InetAddress.getByName(slash < 0 ? literal : literal.substring(0, slash)));
                    } catch (UnknownHostException e) {
                        throw new IllegalArgumentException("unexpected address in 'ip -o addr' output: " + line, e);
                    }
                    break;
                }
            }
        }
        return result;
    }
}
