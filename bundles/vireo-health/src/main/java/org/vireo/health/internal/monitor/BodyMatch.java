package org.vireo.health.internal.monitor;

import java.util.regex.Pattern;

/**
 * The search of an HTTP monitor's body pattern, bounded. The pattern is the operator's (or a cluster peer's) and the
 * body the monitored server's: a pattern that backtracks catastrophically ({@code (a+)+b} on a body of a's) would hold
 * the shared HTTP client's thread for hours, long after the monitor's timeout ended the check. The search reads the
 * body through a CharSequence that counts its reads and gives up past {@link #READS_PER_CHAR} per character of the
 * body (at least {@link #MIN_READS}): a count, not a clock, so that the same pattern gives up on the same body.
 */
final class BodyMatch {

    /** A linear pattern reads each character a few times; this is a thousand times that. */
    static final long READS_PER_CHAR = 1000;
    static final long MIN_READS = 100_000;

    enum Outcome { FOUND, NOT_FOUND, GAVE_UP }

    private BodyMatch() {
    }

    static Outcome find(Pattern pattern, String body) {
        try {
            return pattern.matcher(new Counted(body, Math.max(MIN_READS, READS_PER_CHAR * body.length()))).find()
                ? Outcome.FOUND : Outcome.NOT_FOUND;
        } catch (Exhausted e) {
            return Outcome.GAVE_UP;
        }
    }

    /** Thrown through the matcher when the reads are used up; no stack trace: it is the expected way out. */
    private static final class Exhausted extends RuntimeException {
        Exhausted() {
            super(null, null, false, false);
        }
    }

    private static final class Counted implements CharSequence {

        private final String text;
        private long left;

        Counted(String text, long reads) {
            this.text = text;
            this.left = reads;
        }

        @Override
        public char charAt(int index) {
            if (--left < 0) {
                throw new Exhausted();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.substring(start, end); // for groups, read after the match: not counted
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
