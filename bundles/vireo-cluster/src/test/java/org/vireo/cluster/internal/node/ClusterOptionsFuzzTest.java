package org.vireo.cluster.internal.node;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.cluster.internal.channel.ChannelSettings;
import org.vireo.config.ConfigReader;
import org.vireo.testkit.fuzz.ConfigFuzzing;

/**
 * Fuzz target of the two parsers of PID {@value SyncOptions#PID}, {@link SyncOptions#parse} and
 * {@link ChannelSettings#parse}, reading one merged reader whose keys are then checked, as ClusterComponent does, with
 * Karaf's etc folder known; the input's form and the invariants are {@link ConfigFuzzing}'s: parsed or refused with
 * this PID's refusal only (a state folder with a NUL is such a refusal, not an InvalidPathException), bounded, every
 * unknown key refused, deterministic, allocation bounded by the input. Seeds: the shipped file, a TLS member list,
 * bad values of each kind.
 */
class ClusterOptionsFuzzTest {

    private static final String ETC = "/opt/vireo/etc";
    private static final Function<Map<String, ?>, List<Object>> PARSE = c -> {
        ConfigReader merged = ConfigReader.merged(c);
        List<Object> both = List.of(SyncOptions.parse(merged, ETC), ChannelSettings.parse(merged, ETC));
        merged.refuseUnknownKeys("configuration " + SyncOptions.PID + " refused: ");
        return both;
    };
    private static final List<String> KEYS = ConfigFuzzing.keysRead(PARSE);

    @FuzzTest
    void aConfigurationParsesOrIsRefusedWithBoundedErrors(byte[] input) {
        ConfigFuzzing.parsesOrIsRefused(input, KEYS, PARSE, "configuration " + SyncOptions.PID);
    }
}
