package org.vireo.rules.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Measures what a 1,000,000-name list costs: load time (3 loads), the list's own figure of its memory, and the heap
 * it keeps (used after two GCs, minus before). Not a test: timings vary by machine; run it with {@code main}.
 */
public final class RulesLoadMeasurement {

    private static final int COUNT = 1_000_000;

    private RulesLoadMeasurement() {
    }

    public static void main(String[] args) throws Exception {
        Path directory = Files.createTempDirectory("vireo-rules-measurement");
        Path list = directory.resolve("big.txt");
        try {
            GeneratedDomains.write(list, COUNT);
            Files.writeString(directory.resolve(RulesLoader.RULES_FILE),
                "rule big block domain-list big.txt\ndefault allow\n");
            System.out.printf("list: %,d names, %,d bytes on disk%n", COUNT, Files.size(list));
            RulesLoader loader = new RulesLoader(Clock.systemUTC());
            List<RuleSet> kept = new ArrayList<>();
            for (int run = 1; run <= 3; run++) {
                kept.clear();
                long before = usedHeapAfterGc();
                long start = System.nanoTime();
                RulesLoadResult result = loader.loadDirectory(directory);
                long millis = (System.nanoTime() - start) / 1_000_000;
                if (!(result instanceof RulesLoadResult.Loaded loaded)) {
                    throw new IllegalStateException(((RulesLoadResult.Refused) result).message());
                }
                kept.add(loaded.ruleSet());
                long retained = usedHeapAfterGc() - before;
                RuleSet.ListInfo info = loaded.ruleSet().lists().get(0);
                System.out.printf("load %d: %,d ms, %,d entries, reported memory %,d bytes (%.1f MB), "
                        + "heap retained %,d bytes (%.1f MB)%n", run, millis, info.entries(), info.memoryBytes(),
                    info.memoryBytes() / 1e6, retained, retained / 1e6);
            }
        } finally {
            Files.deleteIfExists(list);
            Files.deleteIfExists(directory.resolve(RulesLoader.RULES_FILE));
            Files.deleteIfExists(directory);
        }
    }

    private static long usedHeapAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        System.gc();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
