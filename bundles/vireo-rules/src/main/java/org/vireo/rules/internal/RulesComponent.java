package org.vireo.rules.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.Designate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.rules.Policy;
import org.vireo.rules.Rules;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

/**
 * The rules in force on this node: loads the configured rules file, reloads it when its configuration or a file in
 * its folders changes, and keeps the rules it has when a new file is refused (logging why). As a {@link Policy} it
 * decides with whatever rule set is current. Until a file has loaded, every request is blocked: a filtering proxy
 * whose rules file is missing or broken must not turn into an open one.
 */
@Component(service = {Policy.class, Rules.class, RulesComponent.class}, configurationPid = RulesOptions.PID, immediate = true)
@Designate(ocd = RulesConfig.class)
public class RulesComponent implements Rules {

    private static final Logger LOG = LoggerFactory.getLogger(RulesComponent.class);

    private final RulesLoader loader = new RulesLoader(Clock.systemUTC());
    private final List<Consumer<RuleSet>> listeners = new CopyOnWriteArrayList<>();
    // reloads take this lock, not the component's: deactivate holds that one while it waits for the watcher thread
    private final Object reloading = new Object();
    private volatile RuleSet current;
    private volatile String lastRefusal;
    private volatile RulesOptions options;
    private DirectoryWatcher watcher;

    /** A configuration refused here leaves every request blocked, the reason logged and in scanner:rules. */
    @Activate
    synchronized void activate(Map<String, Object> properties) throws IOException {
        try {
            options = RulesOptions.parse(properties, System.getProperty("karaf.etc"));
        } catch (IllegalArgumentException e) {
            lastRefusal = e.getMessage();
            LOG.error("{}; every request is blocked until it is fixed", e.getMessage());
            current = new RuleSet(Path.of(RulesOptions.PID), Instant.EPOCH, "", List.of(), new Verdict(false, null,
                "no web security rules are loaded (" + RulesOptions.PID + " is refused: see scanner:rules)"), List.of());
            return;
        }
        current = new RuleSet(options.file(), Instant.EPOCH, "", List.of(), new Verdict(false, null,
            "no web security rules are loaded (" + options.file() + " is missing or refused: see the log)"), List.of());
        reload();
        watch();
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) throws IOException {
        if (options == null) { // refused at the start: this one may load the rules
            activate(properties);
            return;
        }
        RulesOptions next;
        try {
            next = RulesOptions.parse(properties, System.getProperty("karaf.etc"));
        } catch (IllegalArgumentException e) {
            lastRefusal = e.getMessage();
            LOG.error("{}; the rules of {} stay in force", e.getMessage(), options.file());
            return;
        }
        boolean moved = !next.equals(options);
        options = next;
        reload();
        if (moved) {
            stopWatching();
            watch();
        }
    }

    @Deactivate
    synchronized void deactivate() {
        stopWatching();
    }

    /** The rule set in force: the last file that loaded. */
    @Override
    public RuleSet current() {
        return current;
    }

    /** Why the last reload was refused (the rules in force stayed), or empty when the last one loaded. */
    public Optional<String> lastRefusal() {
        return Optional.ofNullable(lastRefusal);
    }

    @Override
    public Verdict decide(RequestFacts request) {
        return current.decide(request);
    }

    /** Calls {@code listener} with every new rule set (on the reloading thread) until the handle is closed. */
    public AutoCloseable watch(Consumer<RuleSet> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Reads the file again; a refused file leaves the current set, an unchanged one is not swapped. */
    void reload() {
        synchronized (reloading) {
            RulesLoadResult result = loader.load(options.file());
            if (result instanceof RulesLoadResult.Refused refused) {
                LOG.error(refused.message());
                lastRefusal = refused.message();
                return;
            }
            lastRefusal = null;
            RuleSet next = ((RulesLoadResult.Loaded) result).ruleSet();
            if (next.contentHash().equals(current.contentHash()) && next.source().equals(current.source())) {
                return;
            }
            current = next;
            LOG.info("rules {} in force: {} rules, {} lists, SHA-256 {}", next.source(), next.rules().size(),
                next.lists().size(), next.contentHash());
            listeners.forEach(listener -> listener.accept(next));
        }
    }

    private void watch() throws IOException {
        Path folder = options.file().getParent();
        watcher = new DirectoryWatcher(List.of(folder, folder.resolve(RulesLoader.CATEGORY_FOLDER)), this::reload);
    }

    private void stopWatching() {
        if (watcher == null) {
            return; // activate was refused
        }
        try {
            watcher.close();
        } catch (IOException e) {
            LOG.warn("closing the rules watcher: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
