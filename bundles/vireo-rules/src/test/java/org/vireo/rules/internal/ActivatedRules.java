package org.vireo.rules.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** A real rules component on a rules file, for the shell commands' tests (activate is package-private). */
public final class ActivatedRules implements AutoCloseable {

    private final RulesComponent component = new RulesComponent();

    public ActivatedRules(Path rulesFile) throws IOException {
        component.activate(Map.of("file", rulesFile.toString()));
    }

    public RulesComponent component() {
        return component;
    }

    /** Reads the file again, as the watcher would on a change (without waiting for it). */
    public void reload() {
        component.reload();
    }

    @Override
    public void close() {
        component.deactivate();
    }
}
