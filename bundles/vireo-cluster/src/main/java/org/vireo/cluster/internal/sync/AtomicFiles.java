package org.vireo.cluster.internal.sync;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Replacing a file whole: a reader sees the old content or the new one, never a mix. */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Renames {@code written} (a file beside {@code target}) over {@code target}. */
    public static void replace(Path written, Path target) throws IOException {
        try {
            Files.move(written, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(written, target, StandardCopyOption.REPLACE_EXISTING); // a file system without rename(2)
        }
    }
}
