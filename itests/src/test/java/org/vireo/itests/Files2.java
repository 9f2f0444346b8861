package org.vireo.itests;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.TimeUnit;

/** Waiting for a file's content, on file-system events rather than by sleeping. */
final class Files2 {

    private Files2() {
    }

    /** Waits until {@code file} exists and matches {@code regex}; fails with its content after the timeout. */
    static void awaitFileMatches(Path file, String regex, long timeoutMillis) throws Exception {
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            file.getParent().register(watcher, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_CREATE);
            long deadline = System.currentTimeMillis() + timeoutMillis;
            while (!(Files.exists(file) && Files.readString(file).matches(regex))) {
                long left = deadline - System.currentTimeMillis();
                WatchKey key = left > 0 ? watcher.poll(left, TimeUnit.MILLISECONDS) : null;
                if (key == null) {
                    throw new AssertionError(file + " does not match " + regex + " within " + timeoutMillis
                        + " ms:\n" + (Files.exists(file) ? Files.readString(file) : "(no such file)"));
                }
                key.pollEvents();
                key.reset();
            }
        }
    }
}
