package org.vireo.vip;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;

/**
 * Puts virtual addresses on an interface and takes them off again, as host addresses (/32, /128). Both
 * are idempotent and checked: when they return, the addresses are (or are not) on the interface.
 */
public interface VipManager {

    /** Adds the addresses that are not on {@code interfaceName} yet. */
    void claim(String interfaceName, List<InetAddress> vips) throws IOException;

    /** Removes those of the addresses that are on {@code interfaceName}; never touches any other address. */
    void release(String interfaceName, List<InetAddress> vips) throws IOException;

    /** The addresses on {@code interfaceName} now. */
    List<InetAddress> addresses(String interfaceName) throws IOException;
}
