package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class DomainListTest {

    private final Problems problems = new Problems();
    private List<String> errors = List.of();

    private DomainList read(String text) throws IOException {
        DomainList list = DomainListReader.read("test.txt",
            new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), problems);
        errors = problems.first();
        return list;
    }

    @Test
    void aListedNameMatchesItselfAndEverySubdomainButNotLookAlikes() throws IOException {
        DomainList list = read("example.com\n");

        assertThat(list.contains("example.com")).isTrue();
        assertThat(list.contains("www.example.com")).isTrue();
        assertThat(list.contains("a.b.c.example.com")).isTrue();
        assertThat(list.contains("badexample.com")).isFalse();
        assertThat(list.contains("example.com.evil.net")).isFalse();
        assertThat(list.contains("com")).isFalse();
        assertThat(errors).isEmpty();
    }

    @Test
    void anEqualsSignListsTheNameOnly() throws IOException {
        DomainList list = read("=only.example\n");

        assertThat(list.contains("only.example")).isTrue();
        assertThat(list.contains("www.only.example")).isFalse();
    }

    @Test
    void aNameListedBothWaysMatchesSubdomains() throws IOException {
        DomainList list = read("=both.example\nboth.example\n=both.example\n");

        assertThat(list.size()).isEqualTo(1);
        assertThat(list.contains("www.both.example")).isTrue();
    }

    @Test
    void commentsBlankLinesCaseLeadingAndTrailingDotsAreAccepted() throws IOException {
        DomainList list = read("# a list\r\n\r\n   \n  Ads.EXAMPLE.  # trailing comment\n.tracker.example\r\nlast.example");

        assertThat(errors).isEmpty();
        assertThat(list.size()).isEqualTo(3);
        assertThat(list.contains("ads.example")).isTrue();
        assertThat(list.contains("x.tracker.example")).isTrue();
        assertThat(list.contains("tracker.example")).isTrue();
        assertThat(list.contains("last.example")).isTrue();
    }

    @Test
    void badLinesAreRefusedWithFileLineAndWhatIsAccepted() throws IOException {
        read("good.example\n0.0.0.0 ads.example\n*.wild.example\nbad..example\n10.1.2.3\n");

        assertThat(errors).containsExactly(
            "test.txt:2: '0.0.0.0 ads.example': one name a line (a comment after it starts with '#'); "
                + DomainNames.ACCEPTED,
            "test.txt:3: '*.wild.example': wildcard '*'; " + DomainNames.ACCEPTED,
            "test.txt:4: 'bad..example': empty label; " + DomainNames.ACCEPTED,
            "test.txt:5: '10.1.2.3': an IPv4 address, not a name; " + DomainNames.ACCEPTED);
    }

    @Test
    void manyBadLinesAreCountedAfterTheFirstTen() throws IOException {
        read("bad!\n".repeat(25));

        assertThat(errors).hasSize(Problems.KEPT).first().asString().startsWith("test.txt:1: 'bad!': character '!'");
        assertThat(problems.more()).isEqualTo(15);
        assertThat(problems.summary(2)).endsWith("; and 23 more errors");
    }

    @Test
    void aLineLongerThanANameIsRefusedUnlessTheRestIsAComment() throws IOException {
        String longName = "a".repeat(5000) + ".example";
        DomainList list = read("ok.example # " + "x".repeat(5000) + "\n" + longName + "\n# " + "y".repeat(5000)
            + "\n");

        assertThat(list.contains("ok.example")).isTrue();
        assertThat(errors).singleElement().asString()
            .startsWith("test.txt:2: '" + "a".repeat(Problems.MAX_QUOTED) + "... (" + DomainListReader.MAX_LINE
                + " characters)': a line of 5008 bytes; ");
    }

    @Test
    void hostsAreCheckedAsDomainsOnlyWhenTheyAreNames() {
        assertThat(DomainNames.ofHost("WWW.Example.COM.")).isEqualTo("www.example.com");
        assertThat(DomainNames.ofHost("10.1.2.3")).isNull();
        assertThat(DomainNames.ofHost("::1")).isNull();
        assertThat(DomainNames.ofHost("[2001:db8::1]")).isNull();
        assertThat(DomainNames.ofHost("")).isNull();
    }

    @Test
    void growsPastItsFirstTablesAndStillFindsEveryName() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            text.append("n").append(i).append(".grow.example\n");
        }
        DomainList list = read(text.toString());

        assertThat(list.size()).isEqualTo(5000);
        for (int i = 0; i < 5000; i++) {
            assertThat(list.contains("n" + i + ".grow.example")).as("n%d", i).isTrue();
        }
        assertThat(list.contains("n5000.grow.example")).isFalse();
        assertThat(list.contains("grow.example")).isFalse();
        assertThat(list.memoryBytes()).isGreaterThan(5000L * "n0.grow.example".length());
    }
}
