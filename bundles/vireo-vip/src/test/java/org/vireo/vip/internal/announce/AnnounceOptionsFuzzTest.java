package org.vireo.vip.internal.announce;

import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.testkit.fuzz.ConfigFuzzing;

/**
 * Fuzz target of {@link AnnounceOptions#parse} (PID {@value AnnounceOptions#PID}); the input's form and the
 * invariants are {@link ConfigFuzzing}'s: parsed or refused with this PID's refusal only, bounded, every unknown key
 * refused, deterministic, allocation bounded by the input. Seeds: the shipped file, typed values, a typo.
 */
class AnnounceOptionsFuzzTest {

    private static final List<String> KEYS = ConfigFuzzing.keysRead(AnnounceOptions::parse);

    @FuzzTest
    void aConfigurationParsesOrIsRefusedWithBoundedErrors(byte[] input) {
        ConfigFuzzing.parsesOrIsRefused(input, KEYS, AnnounceOptions::parse, "configuration " + AnnounceOptions.PID);
    }
}
