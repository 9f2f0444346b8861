package org.vireo.node.internal;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.node.NodeIdentity;
import org.vireo.testkit.fuzz.ConfigFuzzing;

/**
 * Fuzz target of {@link NodeOptions#parse} (PID {@value NodeIdentity#PID}) with an empty environment and a plain host
 * name; the input's form and the invariants are {@link ConfigFuzzing}'s: parsed or refused with this PID's refusal
 * only, bounded, every unknown key refused, deterministic, allocation bounded by the input. Seeds: the shipped file,
 * each role, an IPv6 management address, bad values.
 */
class NodeOptionsFuzzTest {

    private static final Function<Map<String, ?>, NodeOptions> PARSE = c -> NodeOptions.parse(c, Map.of(), "node1");
    private static final List<String> KEYS = ConfigFuzzing.keysRead(PARSE);

    @FuzzTest
    void aConfigurationParsesOrIsRefusedWithBoundedErrors(byte[] input) {
        ConfigFuzzing.parsesOrIsRefused(input, KEYS, PARSE, "configuration " + NodeIdentity.PID);
    }
}
