package org.vireo.cluster;

import java.util.List;
import java.util.Optional;

/** Why a read, a write or a resolution of a {@link VersionedDocuments} document was not done; nothing changed. */
public class DocumentException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What kind of refusal: each one is one answer of the API. */
    public enum Kind {
        /** The version the write was based on is not the current one ({@link #currentVersion}). */
        STALE,
        /** The document's validator refused the content ({@link #problems}, its messages). */
        REFUSED,
        /** Nothing on this node can check it, or it is not a document this node writes. */
        NOT_WRITABLE,
        /** No such document, conflict or edit here. */
        NOT_FOUND,
        /** Config sync has not started yet (it starts once Karaf has booted), or its thread is busy. */
        UNAVAILABLE,
        /** Reading or writing it failed (ConfigurationAdmin, the file system). */
        FAILED
    }

    private final transient Kind kind;
    private final transient Optional<String> currentVersion;
    private final transient List<String> problems;

    private DocumentException(Kind kind, String message, Optional<String> currentVersion, List<String> problems,
                              Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.currentVersion = currentVersion;
        this.problems = List.copyOf(problems);
    }

    /** The write was based on {@code expected}; the document is at {@code current} (empty: it does not exist). */
    public static DocumentException stale(String id, Optional<String> expected, Optional<String> current) {
        return new DocumentException(Kind.STALE, id + " is at " + current.map(v -> "version " + v).orElse("no version"
            + " (it does not exist)") + ", not " + expected.map(v -> "version " + v).orElse("absent") + ": it changed"
            + " since it was read; read it again and apply the change to what it is now", current, List.of(), null);
    }

    public static DocumentException refused(String id, List<String> problems) {
        return new DocumentException(Kind.REFUSED, String.join("; ", problems), Optional.empty(), problems, null);
    }

    public static DocumentException of(Kind kind, String message) {
        return new DocumentException(kind, message, Optional.empty(), List.of(), null);
    }

    public static DocumentException failed(String message, Throwable cause) {
        return new DocumentException(Kind.FAILED, message, Optional.empty(), List.of(), cause);
    }

    public Kind kind() {
        return kind;
    }

    /** For {@link Kind#STALE}: the document's current version; empty when it does not exist. */
    public Optional<String> currentVersion() {
        return currentVersion;
    }

    /** For {@link Kind#REFUSED}: the validator's messages, one per error (a rules file's {@code file:line: what}). */
    public List<String> problems() {
        return problems;
    }
}
