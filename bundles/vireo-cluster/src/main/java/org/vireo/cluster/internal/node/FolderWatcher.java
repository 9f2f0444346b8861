package org.vireo.cluster.internal.node;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.List;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the folders that hold replicated files and reports every file that was created, changed or removed
 * ({@code null}: events were lost, rescan everything). One daemon thread; {@link #close()} ends it.
 */
final class FolderWatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FolderWatcher.class);

    private final WatchService service;
    private final Thread thread;

    FolderWatcher(List<Path> folders, Consumer<Path> changed) throws IOException {
        service = FileSystems.getDefault().newWatchService();
        for (Path f : folders) {
            if (Files.isDirectory(f)) {
                f.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_DELETE);
            }
        }
        thread = new Thread(() -> run(changed), "vireo-cluster-files");
        thread.setDaemon(true);
        thread.start();
    }

    private void run(Consumer<Path> changed) {
        try {
            while (true) {
                WatchKey key = service.take();
                Path dir = (Path) key.watchable();
                for (WatchEvent<?> e : key.pollEvents()) {
                    if (e.kind() == StandardWatchEventKinds.OVERFLOW) {
                        changed.accept(null);
                    } else {
                        changed.accept(dir.resolve((Path) e.context()));
                    }
                }
                key.reset();
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: the component stops
        } catch (RuntimeException e) {
            LOG.error("cluster: the watcher of replicated files stopped; changes are found at each anti-entropy "
                + "round only", e);
        }
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            LOG.debug("closing the watch service", e);
        }
        thread.interrupt();
    }
}
