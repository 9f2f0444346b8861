package org.vireo.api;

import java.util.function.Supplier;

import javax.ws.rs.WebApplicationException;

import org.vireo.config.ConfigErrors;

/**
 * The query parameters the API's reads share, checked alike: a page's {@code limit} and the {@code after} of a reader
 * that polls. A bad value is refused with {@code 400} naming it and what would be accepted.
 */
public final class QueryParams {

    public static final int DEFAULT_LIMIT = 100;
    public static final int MAX_LIMIT = 1000;
    /** What the text of a refused value is cut to in its message. */
    private static final int SHOWN = 64;

    private QueryParams() {
    }

    /** How many entries a page holds: {@value #DEFAULT_LIMIT} if not given, 1-{@value #MAX_LIMIT}. */
    public static int limit(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_LIMIT;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1 && n <= MAX_LIMIT) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(name("limit", value) + ": expected 1-" + MAX_LIMIT);
    }

    /**
     * A sequence number, 0 or more.
     *
     * @param what what it numbers, for the message: {@code an event}
     */
    public static long sequence(String name, String value, String what) {
        try {
            long n = Long.parseLong(value.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(name(name, value) + ": expected the sequence number of " + what
            + " (0 or more)");
    }

    /** {@code after} of a page: -1 (none: the newest entries) when not given. */
    public static long after(String value, String what) {
        return value == null || value.isBlank() ? -1 : sequence("after", value, what);
    }

    /** {@code name = 'value'} for a message, the value cut short and its control characters escaped. */
    public static String name(String name, String value) {
        return name + " = '" + ConfigErrors.shorten(value, SHOWN) + "'";
    }

    /** The value {@code parse} gives, or a {@code 400} with its message when it refuses the parameter. */
    public static <T> T checked(Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new WebApplicationException(new ApiError(400, e.getMessage()).response().build());
        }
    }
}
