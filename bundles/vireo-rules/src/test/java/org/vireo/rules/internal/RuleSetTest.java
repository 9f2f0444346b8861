package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.rules.internal.RulesFixture.connect;
import static org.vireo.rules.internal.RulesFixture.get;
import static org.vireo.rules.internal.RulesFixture.request;

import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.vireo.rules.Network;
import org.vireo.rules.RequestFacts;
import org.vireo.rules.Verdict;

@ExtendWith(RulesFixture.Resolver.class)
class RuleSetTest {

    private final RulesFixture rules;

    RuleSetTest(RulesFixture rules) {
        this.rules = rules;
    }

    @Test
    void theFirstMatchingRuleWinsAndTheDefaultIsAllow() throws IOException {
        RuleSet set = rules.loaded("""
            rule first  block "first" domain example.com
            rule second allow domain www.example.com
            default allow
            """);

        assertThat(set.decide(get("10.0.0.1", "http://www.example.com/"))).isEqualTo(
            new Verdict(false, "first", "first"));
        assertThat(set.decide(get("10.0.0.1", "http://other.example/"))).isEqualTo(new Verdict(true, null, ""));
    }

    @Test
    void theFileMaySetTheDefaultToBlock() throws IOException {
        RuleSet set = rules.loaded("""
            rule intranet allow domain intranet.example
            default block "only the intranet"
            """);

        assertThat(set.decide(get("10.0.0.1", "http://intranet.example/"))).isEqualTo(
            new Verdict(true, "intranet", ""));
        assertThat(set.decide(get("10.0.0.1", "http://elsewhere.example/"))).isEqualTo(
            new Verdict(false, null, "only the intranet"));
    }

    @Test
    void aBlockWithoutReasonGetsAGeneralOne() throws IOException {
        RuleSet set = rules.loaded("rule all block\ndefault allow\n");

        assertThat(set.decide(get("10.0.0.1", "http://a.example/"))).isEqualTo(
            new Verdict(false, "all", "blocked by the web security rules"));
    }

    @Test
    void clientMatchesIpv4AndIpv6Networks() throws IOException {
        RuleSet set = rules.loaded("""
            rule lab block "lab" client 10.1.0.0/16,2001:db8:1::/48
            rule host block "host" client 192.168.7.7
            default allow
            """);

        assertThat(set.decide(get("10.1.255.3", "http://a.example/")).rule()).isEqualTo("lab");
        assertThat(set.decide(get("10.2.0.1", "http://a.example/")).rule()).isNull();
        assertThat(set.decide(get("2001:db8:1:ff::9", "http://a.example/")).rule()).isEqualTo("lab");
        assertThat(set.decide(get("2001:db8:2::9", "http://a.example/")).rule()).isNull();
        assertThat(set.decide(get("192.168.7.7", "http://a.example/")).rule()).isEqualTo("host");
        assertThat(set.decide(get("192.168.7.8", "http://a.example/")).rule()).isNull();
    }

    @Test
    void aPrefixThatIsNotAWholeByteIsHonoured() throws IOException {
        RuleSet set = rules.loaded("rule r block client 172.16.0.0/12\ndefault allow\n");

        assertThat(set.decide(get("172.31.255.255", "http://a.example/")).rule()).isEqualTo("r");
        assertThat(set.decide(get("172.32.0.0", "http://a.example/")).rule()).isNull();
    }

    @Test
    void domainMatchesSuffixOrExactAndNeverAnAddressLiteral() throws IOException {
        RuleSet set = rules.loaded("""
            rule suffix block domain .lab.example
            rule exact  block domain =exact.example
            rule ip     block domain 2.3.4.example
            default allow
            """);

        assertThat(set.decide(get("10.0.0.1", "http://LAB.example./")).rule()).isEqualTo("suffix");
        assertThat(set.decide(get("10.0.0.1", "http://a.b.lab.example/")).rule()).isEqualTo("suffix");
        assertThat(set.decide(get("10.0.0.1", "http://exact.example/")).rule()).isEqualTo("exact");
        assertThat(set.decide(get("10.0.0.1", "http://www.exact.example/")).rule()).isNull();
        assertThat(set.decide(get("10.0.0.1", "http://1.2.3.4/")).rule()).isNull();
        assertThat(set.decide(get("10.0.0.1", "http://[2001:db8::1]/")).rule()).isNull();
    }

    @Test
    void domainListAndCategoryMatchAnyOfTheirLists() throws IOException {
        rules.file("ads.txt", "ads.example\n")
            .file("lists/adult.txt", "adult.example\n")
            .file("lists/gambling.txt", "# casinos\ncasino.example\n");
        RuleSet set = rules.loaded("""
            rule ads   block "ads"   domain-list ads.txt
            rule cats  block "cats"  category adult,gambling
            default allow
            """);

        assertThat(set.decide(get("10.0.0.1", "http://x.ads.example/")).rule()).isEqualTo("ads");
        assertThat(set.decide(get("10.0.0.1", "http://adult.example/")).rule()).isEqualTo("cats");
        assertThat(set.decide(get("10.0.0.1", "http://www.casino.example/")).rule()).isEqualTo("cats");
        assertThat(set.decide(get("10.0.0.1", "http://news.example/")).rule()).isNull();
        assertThat(set.lists()).extracting(RuleSet.ListInfo::name, RuleSet.ListInfo::entries).containsExactly(
            org.assertj.core.groups.Tuple.tuple("ads.txt", 1),
            org.assertj.core.groups.Tuple.tuple("category adult", 1),
            org.assertj.core.groups.Tuple.tuple("category gambling", 1));
    }

    @Test
    void urlPrefixAndRegexLookAtTheAbsoluteUrl() throws IOException {
        RuleSet set = rules.loaded("""
            rule ftp    block "FTP is not allowed" url-regex ^ftp://
            rule exe    block "no executables" url-regex "\\.(exe|msi)(\\?|$)"
            rule admin  block "admin" url-prefix http://app.example/admin/
            default allow
            """);

        assertThat(set.decide(get("10.0.0.1", "ftp://files.example/a.txt")).rule()).isEqualTo("ftp");
        assertThat(set.decide(get("10.0.0.1", "http://dl.example/setup.exe?x=1")).rule()).isEqualTo("exe");
        assertThat(set.decide(get("10.0.0.1", "http://dl.example/setup.exe.txt")).rule()).isNull();
        assertThat(set.decide(get("10.0.0.1", "http://app.example/admin/users")).rule()).isEqualTo("admin");
        assertThat(set.decide(get("10.0.0.1", "http://app.example/public/")).rule()).isNull();
    }

    @Test
    void urlConditionsNeverMatchAConnectTunnel() throws IOException {
        RuleSet set = rules.loaded("""
            rule any-url block url-regex .*
            rule prefix  block url-prefix secure.example
            default allow
            """);

        assertThat(set.decide(connect("10.0.0.1", "secure.example", 443))).isEqualTo(new Verdict(true, null, ""));
        assertThat(set.decide(get("10.0.0.1", "http://secure.example/")).rule()).isEqualTo("any-url");
    }

    @Test
    void methodAndPortMatchTheirValuesAndRanges() throws IOException {
        RuleSet set = rules.loaded("""
            rule uploads block method post,PUT
            rule odd     block port 22,8000-8999
            default allow
            """);

        assertThat(set.decide(request("10.0.0.1", "POST", "a.example", 80, "http://a.example/")).rule())
            .isEqualTo("uploads");
        assertThat(set.decide(request("10.0.0.1", "GET", "a.example", 80, "http://a.example/")).rule()).isNull();
        assertThat(set.decide(connect("10.0.0.1", "a.example", 22)).rule()).isEqualTo("odd");
        assertThat(set.decide(get("10.0.0.1", "http://a.example:8999/")).rule()).isEqualTo("odd");
        assertThat(set.decide(get("10.0.0.1", "http://a.example:9000/")).rule()).isNull();
    }

    @Test
    void conditionsOfARuleAllMustMatchAndARepeatedTypeIsAnyOfItsValues() throws IOException {
        RuleSet set = rules.loaded("""
            rule lab allow client 10.1.0.0/16 client 10.2.0.0/16 domain .lab.example
            default block "lab only"
            """);

        assertThat(set.decide(get("10.1.0.5", "http://git.lab.example/")).allowed()).isTrue();
        assertThat(set.decide(get("10.2.0.5", "http://git.lab.example/")).allowed()).isTrue();
        assertThat(set.decide(get("10.3.0.5", "http://git.lab.example/")).allowed()).isFalse();
        assertThat(set.decide(get("10.1.0.5", "http://www.example/")).allowed()).isFalse();
    }

    @Test
    void explainNamesTheFailedConditionOfEachRuleTriedAndTheMatch() throws IOException {
        RuleSet set = rules.loaded("""
            rule lab allow client 10.1.0.0/16 domain .lab.example
            rule ads block "ads" domain ads.example
            default allow
            """);

        assertThat(set.explain(get("10.1.0.5", "http://ads.example/"))).containsExactly(
            "rule lab (line 1): domain .lab.example did not match",
            "rule ads (line 2): matched: block \"ads\"");
        assertThat(set.explain(get("10.9.0.5", "http://news.example/"))).containsExactly(
            "rule lab (line 1): client 10.1.0.0/16 did not match",
            "rule ads (line 2): domain ads.example did not match",
            "no rule matched: default allow");
    }

    @Test
    void destinationMatchesTheResolvedAddressAndRulesAboveItDecideWithoutOne() throws IOException {
        RuleSet set = rules.loaded("""
            rule ads      block "ads" domain ads.example
            rule intranet allow destination 10.20.0.0/16,2001:db8:20::/48
            default block "intranet only"
            """);
        RequestFacts intranet = get("10.0.0.1", "http://wiki.corp.example/");

        assertThat(set.decide(get("10.0.0.1", "http://ads.example/")).rule()).isEqualTo("ads");
        assertThat(set.decide(intranet)).isEqualTo(Verdict.undecided("intranet"));
        assertThat(set.decide(intranet.to(RulesFixture.address("10.20.1.1"))))
            .isEqualTo(new Verdict(true, "intranet", "", Network.of("10.20.0.0/16"), false));
        assertThat(set.decide(intranet.to(RulesFixture.address("2001:db8:20::7"))).destination())
            .isEqualTo(Network.of("2001:db8:20::/48"));
        assertThat(set.decide(intranet.to(RulesFixture.address("10.21.0.1"))))
            .isEqualTo(new Verdict(false, null, "intranet only"));
    }

    @Test
    void aRuleWhoseOtherConditionsFailNeedsNoDestination() throws IOException {
        RuleSet set = rules.loaded("""
            rule lab allow client 10.1.0.0/16 destination 10.20.0.0/16
            default block "no"
            """);

        assertThat(set.decide(get("10.9.0.1", "http://wiki.corp.example/"))).isEqualTo(new Verdict(false, null, "no"));
        assertThat(set.explain(get("10.1.0.1", "http://wiki.corp.example/"))).containsExactly(
            "rule lab (line 1): destination 10.20.0.0/16: the destination address is not known (give one with "
                + "--destination)");
        assertThat(set.explain(get("10.1.0.1", "http://wiki.corp.example/").to(RulesFixture.address("10.30.0.1"))))
            .containsExactly("rule lab (line 1): destination 10.20.0.0/16 did not match",
                "no rule matched: default block \"no\"");
    }
}
