package org.vireo.config.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;

/** The checker finds each kind of disagreement between a metatype and a parse, and none where they agree. */
class MetatypeAgreementTest {

    record Sample(int port, String mode, boolean enabled, String target) {
    }

    /** A parse as the bundles write them; {@code change} makes it disagree in one way. */
    private static Function<Map<String, ?>, ?> parse(String change) {
        return config -> {
            ConfigReader raw = ConfigReader.of(config);
            List<String> errors = raw.errors();
            int max = change.equals("unbounded") ? Integer.MAX_VALUE : 65535;
            int port = ConfigValues.integer(raw, "port", change.equals("default") ? 8080 : 80, 1, max, errors);
            String mode = ConfigValues.text(raw, "mode", "fast");
            if (!change.equals("any mode") && !List.of("fast", "safe").contains(mode)) {
                errors.add("mode: '" + mode + "': expected fast or safe");
            }
            boolean enabled = ConfigValues.bool(raw, "enabled", true, errors);
            String target = ConfigValues.text(raw, "target", "");
            if (target.isEmpty()) {
                errors.add("target: required");
            }
            if (change.equals("extra key")) {
                ConfigValues.text(raw, "colour", "");
            }
            raw.refuseIfAny(ConfigReader.refusal("org.vireo.test.sample"), errors);
            return new Sample(port, mode, enabled, target);
        };
    }

    private static List<String> disagreements(String change) {
        return MetatypeAgreement.of("org.vireo.test.sample", SampleConfig.class, parse(change))
            .with("target", "10.0.0.1").disagreements();
    }

    @Test
    void aParseThatAgreesWithItsMetatype_hasNoDisagreement() {
        assertThat(disagreements("")).isEmpty();
    }

    @Test
    void eachKindOfDisagreementIsFound_namingItsKey() {
        assertThat(disagreements("default")).singleElement().asString()
            .startsWith("'port': the metatype's default is '80', the parse's is another");
        assertThat(disagreements("unbounded")).singleElement().asString()
            .startsWith("'port' = '65536' (past the metatype's bound 65535) is taken");
        assertThat(disagreements("any mode")).singleElement().asString()
            .startsWith("'mode' = 'no-such-option' (none of the metatype's options [fast, safe]) is taken");
        assertThat(disagreements("extra key")).containsExactly("'colour' is read by the parse, and not in the metatype");
    }

    @Test
    void aKeyTheParseNeverReads_andAnotherPidsDesignation_areFound() {
        Function<Map<String, ?>, ?> withoutEnabled = config -> {
            ConfigReader raw = ConfigReader.of(config);
            List<String> errors = raw.errors();
            Sample s = new Sample(ConfigValues.integer(raw, "port", 80, 1, 65535, errors),
                ConfigValues.text(raw, "mode", "fast"), true, ConfigValues.text(raw, "target", ""));
            raw.refuseIfAny(ConfigReader.refusal("x"), errors);
            return s;
        };
        List<String> found = MetatypeAgreement.of("org.vireo.test.other", SampleConfig.class, withoutEnabled)
            .with("target", "t").disagreements();
        assertThat(found).anyMatch(d -> d.contains("designates [org.vireo.test.sample], not org.vireo.test.other"));
        // the parse refuses the key as unknown, so the metatype's defaults are refused, naming it
        assertThat(found).anyMatch(d -> d.startsWith("the metatype's defaults (with {target=t}) are refused: ")
            && d.endsWith("unknown key 'enabled'"));
    }

    @Test
    void theReference_listsEachKeyWithItsDefault_andNoOther(@TempDir Path dir) throws Exception {
        String head = "# Configuration\n\n## `org.vireo.test.sample` — node-local\n\n| key | default | accepted |\n"
            + "| --- | --- | --- |\n";
        Path good = Files.writeString(dir.resolve("good.md"), head + "| `port` | `80` | 1-65535 |\n"
            + "| `mode`, `enabled` | `fast`, `true` | fast or safe; true or false |\n| `target` | — | an address |\n"
            + "\n## `org.vireo.test.other`\n\n| `colour` | `red` | any |\n");
        Path bad = Files.writeString(dir.resolve("bad.md"), head + "| `port` | `8080` | 1-65535 |\n"
            + "| `mode` | `fast` | fast or safe |\n| `target` | — | an address |\n| `colour` | `red` | any |\n");
        assertThat(MetatypeAgreement.of("org.vireo.test.sample", SampleConfig.class, parse(""))
            .with("target", "t").documented(good).disagreements()).isEmpty();
        assertThat(MetatypeAgreement.of("org.vireo.test.sample", SampleConfig.class, parse(""))
            .with("target", "t").documented(bad).disagreements()).containsExactlyInAnyOrder(
                "bad.md's section org.vireo.test.sample gives 'port' the default `8080`, the metatype '80'",
                "bad.md's section org.vireo.test.sample does not list 'enabled'",
                "bad.md's section org.vireo.test.sample lists 'colour', which is not in the metatype");
    }

    @Test
    void theShippedFile_parses_andHoldsOnlyTheMetatypesKeys(@TempDir Path dir) throws Exception {
        Path good = Files.writeString(dir.resolve("good.cfg"), "# the sample\nport = 8081\nmode = safe\n");
        Path bad = Files.writeString(dir.resolve("bad.cfg"), "port = 0\ncolor = red\n");
        assertThat(MetatypeAgreement.of("org.vireo.test.sample", SampleConfig.class, parse(""))
            .with("target", "t").shipped(good).disagreements()).isEmpty();
        assertThat(MetatypeAgreement.of("org.vireo.test.sample", SampleConfig.class, parse(""))
            .with("target", "t").shipped(bad).disagreements())
            .anyMatch(d -> d.equals("bad.cfg sets 'color', which is not in the metatype"))
            .anyMatch(d -> d.startsWith("bad.cfg is refused: configuration org.vireo.test.sample refused: "));
    }
}
