package org.vireo.srv;

import java.nio.file.Path;
import java.util.List;

/** {@link Dnsmasq} for the tests of other packages. */
public final class DnsmasqAccess {

    private DnsmasqAccess() {
    }

    public static AutoCloseable start(Path dir, List<String> records) throws Exception {
        return Dnsmasq.start(dir, records);
    }

    /** {@code 127.0.0.1:<port>} of a server {@link #start} gave. */
    public static String address(AutoCloseable dnsmasq) {
        var a = ((Dnsmasq) dnsmasq).address();
        return a.getAddress().getHostAddress() + ":" + a.getPort();
    }
}
