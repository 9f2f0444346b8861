package org.vireo.vrrp.internal.instance;

import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.testkit.fuzz.ConfigFuzzing;
import org.vireo.vrrp.VrrpInstance;

/**
 * Fuzz target of {@link InstanceOptions#parse}, an instance's {@code .cfg} as an operator writes it; the input's form
 * and the invariants are {@link ConfigFuzzing}'s: parsed or refused with this PID's refusal only, bounded and free of
 * control characters (the instance's name is part of it), every unknown key refused, deterministic, allocation
 * bounded by the input. Seeds: the shipped example, an IPv6 instance with peers, a VRRPv2 one, the typo of defect 7.
 */
class InstanceOptionsFuzzTest {

    private static final List<String> KEYS = ConfigFuzzing.keysRead(InstanceOptions::parse);

    @FuzzTest
    void aConfigurationParsesOrIsRefusedWithBoundedErrors(byte[] input) {
        ConfigFuzzing.parsesOrIsRefused(input, KEYS, InstanceOptions::parse, "configuration " + VrrpInstance.FACTORY_PID);
    }
}
