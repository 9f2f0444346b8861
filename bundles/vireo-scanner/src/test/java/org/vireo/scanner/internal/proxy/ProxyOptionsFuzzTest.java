package org.vireo.scanner.internal.proxy;

import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.testkit.fuzz.ConfigFuzzing;

/**
 * Fuzz target of {@link ProxyOptions#parse} (PID {@value ProxyOptions#PID}); the input's form and the invariants are
 * {@link ConfigFuzzing}'s: parsed or refused with this PID's refusal only, bounded (a thousand bad users or ports are
 * counted, not listed), every unknown key refused, deterministic, allocation bounded by the input. Seeds: the
 * documented settings, users and directors, bad values of each kind.
 */
class ProxyOptionsFuzzTest {

    private static final List<String> KEYS = ConfigFuzzing.keysRead(ProxyOptions::parse);

    @FuzzTest
    void aConfigurationParsesOrIsRefusedWithBoundedErrors(byte[] input) {
        ConfigFuzzing.parsesOrIsRefused(input, KEYS, ProxyOptions::parse, "configuration " + ProxyOptions.PID);
    }
}
