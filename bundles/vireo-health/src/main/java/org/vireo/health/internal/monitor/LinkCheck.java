package org.vireo.health.internal.monitor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import org.vireo.health.CheckResult;
import org.vireo.health.internal.LinkState;

/** An interface's link state, read from sysfs inline: a few small file reads, no process, nothing to cancel. */
final class LinkCheck implements Check {

    private final Path sysClassNet;
    private final String iface;

    LinkCheck(Path sysClassNet, String iface) {
        this.sysClassNet = sysClassNet;
        this.iface = iface;
    }

    @Override
    public CompletableFuture<CheckResult> start() {
        Stopwatch watch = new Stopwatch();
        try {
            LinkState state = LinkState.read(sysClassNet, iface);
            return CompletableFuture.completedFuture(state.up() ? watch.success(iface + ": up")
                : watch.failure(iface + ": " + state.describe()));
        } catch (IOException | RuntimeException e) {
            return CompletableFuture.completedFuture(watch.failure(iface + ": cannot read its state (" + e + ")"));
        }
    }
}
