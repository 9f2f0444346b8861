package org.vireo.itests;

/** One Server-Sent Event as a client reads it: its id ("" if none), its name, its data. */
record SseEvent(String id, String name, String data) {
}
