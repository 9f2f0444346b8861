package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.vireo.rules.Verdict;

@ExtendWith(RulesFixture.Resolver.class)
class RulesComponentTest {

    private static final long WAIT_SECONDS = 10;

    private final RulesFixture rules;
    private final RulesComponent component = new RulesComponent();

    RulesComponentTest(RulesFixture rules) {
        this.rules = rules;
    }

    @AfterEach
    void stop() {
        component.deactivate();
    }

    private Map<String, Object> config(String name) {
        return Map.of("file", rules.directory().resolve(name).toString());
    }

    @Test
    void loadsTheConfiguredFileAndDecidesWithIt() throws IOException {
        rules.file("rules.conf", "rule ads block \"ads\" domain ads.example\ndefault allow\n");

        component.activate(config("rules.conf"));

        assertThat(component.current().rules()).extracting(Rule::name).containsExactly("ads");
        assertThat(component.decide(RulesFixture.get("10.0.0.1", "http://ads.example/")).rule()).isEqualTo("ads");
    }

    @Test
    void aChangedFileIsLoadedByTheWatcher() throws Exception {
        rules.file("rules.conf", "rule ads block domain ads.example\ndefault allow\n");
        component.activate(config("rules.conf"));
        CompletableFuture<RuleSet> swapped = new CompletableFuture<>();
        component.watch(swapped::complete);

        rules.file("rules.conf", "rule ads block domain ads.example\nrule more block domain more.example\n"
            + "default allow\n");

        RuleSet next = swapped.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(next.rules()).extracting(Rule::name).containsExactly("ads", "more");
        assertThat(component.current()).isSameAs(next);
    }

    @Test
    void aChangedListIsLoadedByTheWatcher() throws Exception {
        rules.file("lists/ads.txt", "ads.example\n")
            .file("rules.conf", "rule ads block category ads\ndefault allow\n");
        component.activate(config("rules.conf"));
        CompletableFuture<RuleSet> swapped = new CompletableFuture<>();
        component.watch(swapped::complete);

        rules.file("lists/ads.txt", "ads.example\ntracker.example\n");

        assertThat(swapped.get(WAIT_SECONDS, TimeUnit.SECONDS).lists()).singleElement()
            .satisfies(list -> assertThat(list.entries()).isEqualTo(2));
    }

    @Test
    void aRefusedFileLeavesTheRulesInForce() throws IOException {
        rules.file("rules.conf", "rule ads block domain ads.example\ndefault allow\n");
        component.activate(config("rules.conf"));
        RuleSet before = component.current();

        rules.file("rules.conf", "rule ads block domain ads.example\nrule ads allow\ndefault allow\n");
        component.reload();

        assertThat(component.current()).isSameAs(before);
    }

    @Test
    void aMissingFileAtStartBlocksEverythingUntilOneLoads() throws IOException {
        component.activate(config("rules.conf"));

        assertThat(component.current().rules()).isEmpty();
        assertThat(component.decide(RulesFixture.get("10.0.0.1", "http://ads.example/")))
            .extracting(Verdict::allowed, Verdict::reason).containsExactly(false, "no web security rules are loaded ("
                + rules.directory().resolve("rules.conf") + " is missing or refused: see the log)");

        rules.file("rules.conf", "default allow\n");
        component.reload();

        assertThat(component.decide(RulesFixture.get("10.0.0.1", "http://ads.example/")).allowed()).isTrue();
    }

    @Test
    void aNewConfigurationSwitchesToTheOtherFile() throws IOException {
        rules.file("rules.conf", "rule one allow\ndefault allow\n")
            .file("other/rules.conf", "rule two allow\ndefault allow\n");
        component.activate(config("rules.conf"));

        component.modified(config("other/rules.conf"));

        assertThat(component.current().source()).isEqualTo(rules.directory().resolve("other/rules.conf"));
        assertThat(component.current().rules()).extracting(Rule::name).containsExactly("two");
    }

    @Test
    void aBadFileSettingIsRefusedNamingKeyValueAndWhatIsAccepted_andEveryRequestIsBlocked() throws Exception {
        component.activate(Map.of("file", "etc/rules.conf"));

        assertThat(component.lastRefusal()).contains("configuration org.vireo.scanner.rules refused: file ="
            + " 'etc/rules.conf': expected an absolute path (or one starting with ${karaf.etc})");
        assertThat(component.decide(RulesFixture.get("10.0.0.1", "http://example.org/")).allowed()).isFalse();
        assertThat(component.decide(RulesFixture.get("10.0.0.1", "http://example.org/")).reason())
            .contains("org.vireo.scanner.rules is refused");
        assertThat(RulesOptions.parse(Map.of(), "/opt/karaf/etc").file())
            .isEqualTo(Path.of("/opt/karaf/etc/vireo/rules.conf"));
        assertThatThrownBy(() -> RulesOptions.parse(Map.of(), null)).hasMessage("configuration "
            + "org.vireo.scanner.rules refused: file = '${karaf.etc}/vireo/rules.conf': ${karaf.etc} is not set "
            + "outside Karaf; expected an absolute path");
    }
}
