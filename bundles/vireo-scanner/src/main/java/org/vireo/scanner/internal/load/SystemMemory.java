package org.vireo.scanner.internal.load;

/** The machine's memory: in use (total minus available) and total, in bytes. */
record SystemMemory(long usedBytes, long totalBytes) {
}
