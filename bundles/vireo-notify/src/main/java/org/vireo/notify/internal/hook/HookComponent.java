package org.vireo.notify.internal.hook;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.node.ReleaseGate;
import org.vireo.notify.NotifySink;
import org.vireo.notify.internal.ConfiguredSink;
import org.vireo.notify.internal.SinkComponent;

/**
 * One hook ({@code etc/org.vireo.notify.hook-<name>.cfg}), a {@link NotifySink} service; and, with
 * {@code holdReleaseSeconds} above 0, a pre-release hook: a {@link ReleaseGate} that a master's graceful release of
 * its VIPs waits for. Its event runs and its pre-release runs share one {@link HookRunner}: one run at a time.
 */
@Component(service = {NotifySink.class, ReleaseGate.class}, configurationPid = HookOptions.FACTORY_PID,
    configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true) // runs from the start, for every event
@Designate(ocd = HookConfig.class, factory = true)
public class HookComponent extends SinkComponent<HookOptions> implements ReleaseGate {

    private static final Logger LOG = LoggerFactory.getLogger(HookComponent.class);

    private final HookRunner runner;

    public HookComponent() {
        this(new HookRunner());
    }

    private HookComponent(HookRunner runner) {
        super(new ConfiguredSink.Kind<>("hook", HookOptions::parse, HookOptions::name, HookOptions::events,
            options -> new HookSender(options, runner)));
        this.runner = runner;
    }

    /** Runs the hook on a thread of its own; what it returns completes at the run's end or at the hook's hold. */
    @Override
    public CompletionStage<?> beforeRelease(Release release) {
        Optional<HookOptions> configured = options().filter(o -> o.holdReleaseMillis() > 0);
        if (configured.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        HookOptions options = configured.get();
        HookInvocation invocation = HookInvocation.preRelease(options, release, Clock.systemUTC().instant(),
            identity.name());
        CompletableFuture<HookRunner.Outcome> run = new CompletableFuture<>();
        Thread thread = new Thread(() -> run.complete(runner.run(invocation, options.timeoutMillis())),
            "vireo-hook-" + options.name() + "-pre-release");
        thread.setDaemon(true); // a run left past the hold must not keep the JVM from exiting
        thread.start();
        run.thenAccept(outcome -> log(options, release, outcome));
        // a stage of its own: its end at the hold leaves the run, and its log line, to come
        return run.thenApply(outcome -> outcome.ok())
            .completeOnTimeout(false, options.holdReleaseMillis(), TimeUnit.MILLISECONDS);
    }

    private static void log(HookOptions options, Release release, HookRunner.Outcome outcome) {
        if (outcome.ok()) {
            LOG.info("hook {} before the release of {} ({}): {}", options.name(), release.instance(), release.cause(),
                outcome.describe());
        } else {
            LOG.warn("hook {} before the release of {} ({}): {}", options.name(), release.instance(),
                release.cause(), outcome.describe());
        }
    }
}
