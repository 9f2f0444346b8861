package org.vireo.vip.internal.guard;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** PLACEHOLDER until the guard lands: the API the announcer writes through. */
public final class GuardState {

    public record Entry(String instance, String interfaceName, List<String> aliases, String linkToDelete,
                        List<byte[]> frames) {
    }

    private final Path file;

    public GuardState(Path file) {
        this.file = file;
    }

    public synchronized void put(Entry e) throws IOException {
    }

    public synchronized void remove(String instance) throws IOException {
    }

    public static List<Entry> read(Path file) {
        return List.of();
    }
}
