package org.vireo.health.command;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

import org.vireo.health.CheckResult;
import org.vireo.health.Monitor;

/** Lookups and formats the health: commands share. */
final class Monitors {

    private Monitors() {
    }

    /** @param optionalMonitors the command's optional reference: null when no monitor is configured */
    static Monitor byName(List<Monitor> optionalMonitors, String name) {
        List<Monitor> monitors = optionalMonitors == null ? List.of() : optionalMonitors;
        return monitors.stream().filter(m -> m.name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no monitor '" + name + "' on this node: "
                + (monitors.isEmpty() ? "none is configured (etc/" + Monitor.FACTORY_PID + "-<name>.cfg)"
                    : "there are " + monitors.stream().map(Monitor::name).sorted().collect(Collectors.joining(", ")))));
    }

    /** How long ago, coarse enough to read at a glance: 45s, 3m12s, 2h03m, 4d06h. */
    static String age(Instant since, Instant now) {
        long s = Math.max(0, Duration.between(since, now).toSeconds());
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return s / 60 + "m" + String.format("%02d", s % 60) + "s";
        }
        if (s < 86_400) {
            return s / 3600 + "h" + String.format("%02d", s % 3600 / 60) + "m";
        }
        return s / 86_400 + "d" + String.format("%02d", s % 86_400 / 3600) + "h";
    }

    static String latency(CheckResult r) {
        long micros = r.latency().toNanos() / 1000;
        return micros < 10_000 ? String.format("%.1f ms", micros / 1000.0) : micros / 1000 + " ms";
    }
}
