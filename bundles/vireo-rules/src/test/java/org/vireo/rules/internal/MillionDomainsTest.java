package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.vireo.rules.Verdict;

/** A list of the size operators load (1,000,000 names) through the real loader; timings are in RulesLoadMeasurement. */
@ExtendWith(RulesFixture.Resolver.class)
class MillionDomainsTest {

    private static final int COUNT = 1_000_000;
    private static final int SAMPLES = 10_000;

    private final RulesFixture rules;

    MillionDomainsTest(RulesFixture rules) {
        this.rules = rules;
    }

    @Test
    void everyListedNameAndItsSubdomainsMatchAndOthersDoNot() throws IOException {
        GeneratedDomains.write(rules.directory().resolve("big.txt"), COUNT);
        RuleSet set = rules.loaded("rule big block \"listed\" domain-list big.txt\ndefault allow\n");
        Random random = new Random(6);
        Verdict listed = new Verdict(false, "big", "listed");

        assertThat(set.lists()).singleElement().satisfies(list -> assertThat(list.entries()).isEqualTo(COUNT));
        for (int n = 0; n < SAMPLES; n++) {
            int i = random.nextInt(COUNT);
            String name = GeneratedDomains.listed(i);
            assertThat(set.decide(RulesFixture.get("10.0.0.1", "http://" + name + "/"))).as(name).isEqualTo(listed);
            assertThat(set.decide(RulesFixture.get("10.0.0.1", "https://deep.sub." + name + "/"))).as("sub." + name)
                .isEqualTo(listed);
            String other = GeneratedDomains.unlisted(random.nextInt(COUNT));
            assertThat(set.decide(RulesFixture.get("10.0.0.1", "http://" + other + "/")).rule()).as(other).isNull();
            String parent = name.substring(name.indexOf(".example-") + 1);
            assertThat(set.decide(RulesFixture.get("10.0.0.1", "http://" + parent + "/")).rule()).as(parent).isNull();
        }
    }
}
