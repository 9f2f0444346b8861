package org.vireo.rules.internal;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.testkit.fuzz.ConfigFuzzing;

/**
 * Fuzz target of {@link RulesOptions#parse} (PID {@value RulesOptions#PID}) as Karaf runs it (its etc folder known);
 * the input's form and the invariants are {@link ConfigFuzzing}'s: parsed or refused with this PID's refusal only
 * (a path with a NUL is such a refusal, not an InvalidPathException), bounded, every unknown key refused,
 * deterministic, allocation bounded by the input. Seeds: the default, an absolute file, a relative one.
 */
class RulesOptionsFuzzTest {

    private static final Function<Map<String, ?>, RulesOptions> PARSE = c -> RulesOptions.parse(c, "/opt/vireo/etc");
    private static final List<String> KEYS = ConfigFuzzing.keysRead(PARSE);

    @FuzzTest
    void aConfigurationParsesOrIsRefusedWithBoundedErrors(byte[] input) {
        ConfigFuzzing.parsesOrIsRefused(input, KEYS, PARSE, "configuration " + RulesOptions.PID);
    }
}
