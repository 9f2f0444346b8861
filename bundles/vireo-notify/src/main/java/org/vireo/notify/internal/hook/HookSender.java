package org.vireo.notify.internal.hook;

import java.util.function.BooleanSupplier;

import org.vireo.events.NodeEvent;
import org.vireo.notify.internal.Sender;

/** A hook's sending: a run of its executable to its end or its timeout (stopping does not cut a run short). */
final class HookSender implements Sender {

    private final HookOptions options;
    private final HookRunner runner;

    HookSender(HookOptions options, HookRunner runner) {
        this.options = options;
        this.runner = runner;
    }

    @Override
    public Outcome send(NodeEvent event, String node, BooleanSupplier stopping) {
        HookRunner.Outcome run = runner.run(HookInvocation.of(options, event, node), options.timeoutMillis());
        return new Outcome(run.ok(), run.describe());
    }

    @Override
    public String target() {
        return String.join(" ", HookInvocation.commandLine(options));
    }
}
