package org.vireo.rules.internal;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Calls {@code onChange} on its own thread after files in the watched folders change. Editors and config sync write
 * a file in several steps, so it waits until the folders have been quiet for {@link #QUIET_MILLIS} before calling.
 */
final class DirectoryWatcher implements AutoCloseable {

    static final long QUIET_MILLIS = 200;
    private static final long STOP_MILLIS = 5_000;
    private static final Logger LOG = LoggerFactory.getLogger(DirectoryWatcher.class);

    private final WatchService service;
    private final Thread thread;
    private final Runnable onChange;

    /** Watches the folders that exist of {@code folders} (a folder created later is not seen until a restart). */
    DirectoryWatcher(List<Path> folders, Runnable onChange) throws IOException {
        this.onChange = onChange;
        this.service = FileSystems.getDefault().newWatchService();
        for (Path folder : folders) {
            if (Files.isDirectory(folder)) {
                folder.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_DELETE);
            }
        }
        this.thread = new Thread(this::run, "vireo-rules-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        try {
            while (true) {
                reset(service.take());
                WatchKey more;
                while ((more = service.poll(QUIET_MILLIS, TimeUnit.MILLISECONDS)) != null) {
                    reset(more);
                }
                onChange.run();
            }
        } catch (ClosedWatchServiceException | InterruptedException e) {
            // closed: the component stops or moves to another file
        } catch (RuntimeException e) {
            LOG.error("rules watcher stopped: the rules file is no longer reloaded when it changes", e);
        }
    }

    private static void reset(WatchKey key) {
        key.pollEvents();
        key.reset();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        service.close();
        if (Thread.currentThread() != thread) {
            thread.join(STOP_MILLIS);
        }
    }
}
