package org.vireo.balancer.command;

import java.util.Locale;

/** How the commands print numbers. */
final class Numbers {

    private Numbers() {
    }

    static String decimal(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }

    /** 0.0-1.0 as a percentage; negative: not known. */
    static String percent(double share) {
        return share < 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", share * 100);
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String units = "KMGTPE";
        int u = -1;
        double v = n;
        while (v >= 1024 && u < units.length() - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %siB", v, units.charAt(u));
    }
}
