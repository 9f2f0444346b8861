package org.vireo.scanner.internal.ftp;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Paths as the session follows them, so that the rules see where a transfer goes ({@code ftp://host/dir/file})
 * whichever way the client named it: relative to the working directory, with {@code .} and {@code ..}. A server's
 * own view may differ (a home directory that is not {@code /}, links): the rules see the path as the client wrote
 * it from the directory it logged in to, which is what an operator's rule names.
 */
public final class FtpPaths {

    private FtpPaths() {
    }

    /** {@code path} from {@code directory}: absolute, normalized, never above the root. */
    public static String resolve(String directory, String path) {
        Deque<String> parts = new ArrayDeque<>();
        String whole = path.startsWith("/") ? path : directory + "/" + path;
        for (String part : whole.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                parts.pollLast();
            } else {
                parts.addLast(part);
            }
        }
        return "/" + String.join("/", parts);
    }

    /** The directory above {@code directory}; the root's is the root. */
    static String parent(String directory) {
        return resolve(directory, "..");
    }
}
