package org.vireo.notify.command;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.notify.NotifySink;

@Service
@Command(scope = "notify", name = "test", description = "Sends a notification sink a test event and prints what came"
    + " of it.",
    detailedDescription = "Posts an event of type notify.test naming the sink into the node's event log: it is"
        + " numbered and ordered like any other (the API's stream shows it), and only that sink acts on it, whatever"
        + " events it takes. A hook is run with EVENT notify.test, the event in its environment and on its standard"
        + " input. Waits for the outcome (exit code, output) up to --wait seconds: a sink busy with earlier events"
        + " reaches the test after them.")
public class TestCommand implements Action {

    @Reference(optional = true)
    private List<NotifySink> sinks;

    @Argument(index = 0, name = "sink", required = true, description = "The sink's name (notify:list)")
    @Completion(SinkCompleter.class)
    private String name;

    @Option(name = "--wait", description = "Seconds to wait for the outcome (1-3600, default 30)")
    private int waitSeconds = 30;

    @Override
    public Object execute() throws InterruptedException {
        if (waitSeconds < 1 || waitSeconds > 3600) {
            throw new IllegalArgumentException("--wait " + waitSeconds + ": expected 1-3600 seconds");
        }
        List<NotifySink> all = sinks == null ? List.of() : sinks;
        NotifySink sink = all.stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
        if (sink == null) {
            throw new IllegalArgumentException("no sink named '" + name + "'; the sinks: "
                + (all.isEmpty() ? "none (etc/org.vireo.notify.hook-<name>.cfg)"
                : String.join(", ", all.stream().map(NotifySink::name).sorted().toList())));
        }
        try {
            System.out.println(sink.kind() + " " + sink.name() + ": " + sink.test().get(waitSeconds, TimeUnit.SECONDS));
        } catch (TimeoutException e) {
            System.out.println(sink.kind() + " " + sink.name() + ": no outcome after " + waitSeconds + " s; it is"
                + " still busy with earlier events or with the test (notify:list shows its queue)");
        } catch (ExecutionException e) {
            throw new IllegalStateException(sink.kind() + " " + sink.name() + ": " + e.getCause().getMessage(), e);
        }
        return null;
    }
}
