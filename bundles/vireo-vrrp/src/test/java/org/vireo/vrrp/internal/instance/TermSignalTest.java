package org.vireo.vrrp.internal.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Real signals raised in this JVM. SIGWINCH stands in for SIGTERM (the JVM's handler of TERM would end the test run;
 * WINCH's default is to do nothing): a recording handler is put in first, as Karaf's TERM handler is in a running
 * Vireo. Not SIGHUP: a build started under nohup ignores it, and a JVM started so never sees it raised.
 */
class TermSignalTest {

    private static final Signal STAND_IN = new Signal("WINCH");

    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final CountDownLatch passedOn = new CountDownLatch(1);
    private final SignalHandler karafLike = s -> {
        calls.add("previous:" + s.getName());
        passedOn.countDown();
    };
    private SignalHandler original;

    @BeforeEach
    void putRecordingHandler() {
        original = Signal.handle(STAND_IN, karafLike);
    }

    @AfterEach
    void restore() {
        Signal.handle(STAND_IN, original);
    }

    @Test
    void runsItsTaskFirstThenHandsTheSignalOn() throws InterruptedException {
        TermSignal handler = TermSignal.install("WINCH", () -> calls.add("first")).orElseThrow();

        Signal.raise(STAND_IN);

        assertTrue(passedOn.await(10, TimeUnit.SECONDS), "the replaced handler got the signal");
        assertEquals(List.of("first", "previous:WINCH"), calls);
        handler.uninstall();
    }

    @Test
    void uninstallGivesTheSignalBack() throws InterruptedException {
        TermSignal handler = TermSignal.install("WINCH", () -> calls.add("first")).orElseThrow();

        handler.uninstall();

        assertSame(karafLike, Signal.handle(STAND_IN, karafLike), "the replaced handler is back in place");
        Signal.raise(STAND_IN);
        assertTrue(passedOn.await(10, TimeUnit.SECONDS));
        assertEquals(List.of("previous:WINCH"), calls);
    }

    @Test
    void uninstalledBehindAnotherHandlerItOnlyPassesOn() throws InterruptedException {
        TermSignal handler = TermSignal.install("WINCH", () -> calls.add("first")).orElseThrow();
        SignalHandler later = Signal.handle(STAND_IN, s -> {
            calls.add("later");
            handler.handle(s);
        });

        handler.uninstall();

        Signal.raise(STAND_IN);
        assertTrue(passedOn.await(10, TimeUnit.SECONDS));
        assertEquals(List.of("later", "previous:WINCH"), calls);
        assertSame(handler, later);
    }

    @Test
    void aSignalTheJvmKeepsIsRefusedWithAWarning() {
        assertTrue(TermSignal.install("KILL", () -> calls.add("first")).isEmpty());
    }
}
