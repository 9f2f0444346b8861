package org.vireo.itests;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/** Waiting for a file's content, on file-system events rather than by sleeping. */
final class Files2 {

    private Files2() {
    }

    /** Waits until {@code file} exists and matches {@code regex}; fails with its content after the timeout. */
    static void awaitFileMatches(Path file, String regex, long timeoutMillis) throws Exception {
        awaitFile(file, text -> text.matches(regex), "match " + regex, timeoutMillis);
    }

    /** Waits until {@code file} has at least {@code count} lines containing {@code text}. */
    static void awaitLinesContaining(Path file, String text, int count, long timeoutMillis) throws Exception {
        awaitFile(file, content -> linesContaining(content, text) >= count,
            "have " + count + " lines containing " + text, timeoutMillis);
    }

    /**
     * The first line containing {@code text} in whichever of {@code files} has one first (files in folders of their
     * own, as two nodes' logs): for a test that cannot know which node will write it.
     */
    static String awaitLineInAny(List<Path> files, String text, long timeoutMillis) throws Exception {
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            for (Path file : files) {
                file.getParent().register(watcher, StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_CREATE);
            }
            long deadline = System.currentTimeMillis() + timeoutMillis;
            while (true) {
                for (Path file : files) {
                    Optional<String> line = Files.exists(file)
                        ? Files.readString(file).lines().filter(l -> l.contains(text)).findFirst() : Optional.empty();
                    if (line.isPresent()) {
                        return line.get();
                    }
                }
                long left = deadline - System.currentTimeMillis();
                WatchKey key = left > 0 ? watcher.poll(left, TimeUnit.MILLISECONDS) : null;
                if (key == null) {
                    throw new AssertionError("none of " + files + " has a line containing " + text + " within "
                        + timeoutMillis + " ms");
                }
                key.pollEvents();
                key.reset();
            }
        }
    }

    static int linesContaining(String content, String text) {
        return (int) content.lines().filter(l -> l.contains(text)).count();
    }

    /** Waits until {@code file} exists and its content passes {@code test} ({@code what}, for the failure). */
    private static void awaitFile(Path file, Predicate<String> test, String what, long timeoutMillis)
        throws Exception {
        try (WatchService watcher = FileSystems.getDefault().newWatchService()) {
            file.getParent().register(watcher, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_CREATE);
            long deadline = System.currentTimeMillis() + timeoutMillis;
            while (!(Files.exists(file) && test.test(Files.readString(file)))) {
                long left = deadline - System.currentTimeMillis();
                WatchKey key = left > 0 ? watcher.poll(left, TimeUnit.MILLISECONDS) : null;
                if (key == null) {
                    throw new AssertionError(file + " does not " + what + " within " + timeoutMillis
                        + " ms:\n" + (Files.exists(file) ? Files.readString(file) : "(no such file)"));
                }
                key.pollEvents();
                key.reset();
            }
        }
    }
}
