package org.vireo.srv.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.vireo.srv.internal.HappyEyeballs.Attempt;

/** RFC 8305's timing and order, on a virtual clock: time is whatever {@code now} a test passes. */
class HappyEyeballsTest {

    private static final long MS = 1_000_000;
    private static final InetAddress V6A = ip("2001:db8::a");
    private static final InetAddress V6B = ip("2001:db8::b");
    private static final InetAddress V4A = ip("192.0.2.10");
    private static final InetAddress V4B = ip("192.0.2.11");

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** RFC 8305's recommended values: 50 ms resolution delay, 250 ms connection attempt delay. */
    private static HappyEyeballs rfc(int targets) {
        return new HappyEyeballs(targets, Duration.ofMillis(50), Duration.ofMillis(250));
    }

    private static Optional<InetAddress> next(HappyEyeballs he, long ms) {
        return he.next(ms * MS).map(Attempt::address);
    }

    @Test
    void aTargetWithBothFamiliesAlternatesThemIpv6FirstOneConnectionAttemptDelayApart() {
        HappyEyeballs he = rfc(1);
        he.answered(0, true, List.of(V6A, V6B), 0);
        he.answered(0, false, List.of(V4A, V4B), 0);

        assertThat(next(he, 0)).contains(V6A);
        assertThat(next(he, 0)).isEmpty();
        assertThat(he.wakeAt(0)).isEqualTo(OptionalLong.of(250 * MS));
        assertThat(next(he, 249)).isEmpty();
        assertThat(next(he, 250)).contains(V4A);
        assertThat(next(he, 500)).contains(V6B);
        assertThat(next(he, 750)).contains(V4B);
        assertThat(next(he, 10_000)).isEmpty();
        assertThat(he.wakeAt(10_000 * MS)).isEmpty();
        assertThat(he.exhausted()).as("four attempts still under way").isFalse();
    }

    @Test
    void anAAnswerFirstWaitsTheResolutionDelayForTheAaaaAnswer_thenIpv4Starts() {
        HappyEyeballs he = rfc(1);
        he.answered(0, false, List.of(V4A), 0);

        assertThat(next(he, 0)).isEmpty();
        assertThat(he.wakeAt(0)).isEqualTo(OptionalLong.of(50 * MS));
        assertThat(next(he, 49)).isEmpty();
        assertThat(next(he, 50)).contains(V4A);

        he.answered(0, true, List.of(V6A), 60 * MS); // late: joins the addresses not tried yet
        assertThat(next(he, 60)).as("the connection attempt delay runs from IPv4's start").isEmpty();
        assertThat(he.wakeAt(60 * MS)).isEqualTo(OptionalLong.of(300 * MS));
        assertThat(next(he, 300)).contains(V6A);
    }

    @Test
    void anAaaaAnswerWithinTheResolutionDelayGoesFirst() {
        HappyEyeballs he = rfc(1);
        he.answered(0, false, List.of(V4A), 0);
        he.answered(0, true, List.of(V6A), 20 * MS);

        assertThat(next(he, 20)).contains(V6A);
        assertThat(next(he, 270)).contains(V4A);
    }

    @Test
    void anAaaaAnswerStartsIpv6AtOnceWithoutWaitingForA() {
        HappyEyeballs he = rfc(1);
        he.answered(0, true, List.of(V6A), 5 * MS);

        assertThat(next(he, 5)).contains(V6A);
        he.answered(0, false, List.of(V4A), 400 * MS);
        assertThat(next(he, 400)).as("more than a connection attempt delay after IPv6's start").contains(V4A);
    }

    @Test
    void anEmptyAaaaAnswerLetsIpv4StartAsSoonAsItsAnswerComes() {
        HappyEyeballs he = rfc(1);
        he.answered(0, true, List.of(), 1 * MS);
        he.answered(0, false, List.of(V4A), 3 * MS);

        assertThat(next(he, 3)).contains(V4A);
    }

    @Test
    void aFailedAttemptStartsTheNextAtOnce() {
        HappyEyeballs he = rfc(1);
        he.answered(0, true, List.of(V6A), 0);
        he.answered(0, false, List.of(V4A), 0);
        Attempt first = he.next(0).orElseThrow();

        he.failed(first);

        assertThat(next(he, 10)).contains(V4A);
    }

    @Test
    void withoutADelayOneAttemptIsUnderWayAtATime() {
        HappyEyeballs he = new HappyEyeballs(1, Duration.ofMillis(50), Duration.ZERO);
        he.answered(0, true, List.of(V6A), 0);
        he.answered(0, false, List.of(V4A), 0);
        Attempt first = he.next(0).orElseThrow();

        assertThat(next(he, 60_000)).isEmpty();
        assertThat(he.wakeAt(0)).isEmpty();
        he.failed(first);
        assertThat(next(he, 60_001)).contains(V4A);
    }

    @Test
    void targetsGoInTheirOrder_oneWithoutAddressesIsPassed_andTheNextStartsOnceTheCurrentHasTriedAll() {
        HappyEyeballs he = rfc(3);
        he.answered(1, true, List.of(V6B), 0); // target 1 answers first: it still waits for target 0
        he.answered(1, false, List.of(), 0);
        assertThat(next(he, 0)).isEmpty();

        he.answered(0, true, List.of(), 10 * MS);
        he.answered(0, false, List.of(), 10 * MS);
        Attempt a = he.next(10 * MS).orElseThrow();
        assertThat(a).isEqualTo(new Attempt(1, V6B));

        he.answered(2, false, List.of(V4A), 20 * MS);
        he.answered(2, true, List.of(V6A), 20 * MS);
        assertThat(next(he, 259)).isEmpty();
        assertThat(he.next(260 * MS)).contains(new Attempt(2, V6A));
        assertThat(he.next(510 * MS)).contains(new Attempt(2, V4A));
    }

    @Test
    void exhaustedOnceEveryAnswerIsInAndEveryAttemptFailed() {
        HappyEyeballs he = rfc(1);
        he.answered(0, true, List.of(V6A), 0);
        Attempt a = he.next(0).orElseThrow();
        he.failed(a);
        assertThat(he.exhausted()).as("the A answer may still bring addresses").isFalse();

        he.answered(0, false, List.of(), 30 * MS);

        assertThat(he.exhausted()).isTrue();
        assertThat(he.next(30 * MS)).isEmpty();
    }

    @Test
    void aSecondAnswerToTheSameQueryIsIgnored() {
        HappyEyeballs he = rfc(1);
        he.answered(0, true, List.of(V6A), 0);
        he.answered(0, true, List.of(V6B), 0);
        he.answered(0, false, List.of(), 0);

        assertThat(next(he, 0)).contains(V6A);
        assertThat(next(he, 1_000)).isEmpty();
    }
}
