package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.vireo.scanner.internal.ftp.FtpFetch;

/** ftp:// request targets as the proxy reads them, and a listing's lines as it shows them. */
class FtpUrlTest {

    @Test
    void theRulesSeeTheDecodedNormalisedPathWithoutUserPasswordOrType() {
        FtpUrl url = FtpUrl.parse("ftp://Bob:pa%3Ass@FTP.Example.:2121/pub/./a/../%73ecret%20file;type=a");

        assertThat(url.target()).isEqualTo(new Target("ftp.example", 2121, "/pub/secret file",
            "ftp://ftp.example:2121/pub/secret file"));
        assertThat(url.user()).isEqualTo("Bob");
        assertThat(url.password()).isEqualTo("pa:ss");
        assertThat(url.type()).isEqualTo(FtpFetch.Type.ASCII);
        assertThat(url.logged("Bob")).isEqualTo("ftp://Bob@ftp.example:2121/pub/secret file");
        assertThat(FtpUrl.parse("ftp://[::1]/pub/;TYPE=D").target().url()).isEqualTo("ftp://[::1]/pub/");
        assertThat(FtpUrl.parse("ftp://host").target()).isEqualTo(new Target("host", 21, "/", "ftp://host/"));
    }

    @Test
    void whatCannotBeAnFtpLineOrUrlIsNone() {
        assertThat(FtpUrl.parse("ftp://host/a%0d%0aDELE%20b")).isNull();
        assertThat(FtpUrl.parse("ftp://host/a%00")).isNull();
        assertThat(FtpUrl.parse("ftp://user%0a:x@host/a")).isNull();
        assertThat(FtpUrl.parse("ftp://host/a%2")).isNull();
        assertThat(FtpUrl.parse("ftp://host/a?b")).isNull();
        assertThat(FtpUrl.parse("ftp://host/a;type=x")).isNull();
        assertThat(FtpUrl.parse("ftp://host:0/a")).isNull();
        assertThat(FtpUrl.parse("ftp://:x@host/a")).isNull();
        assertThat(FtpUrl.parse("http://host/a")).isNull();
        assertThat(Target.absolute("ftp://host/a")).isNull(); // http parsing is as it was
    }

    @Test
    void theLoginIsTheUrlsThenTheAuthorizationHeadersThenAnonymous() {
        String basic = "Basic " + Base64.getEncoder().encodeToString("carol:pw".getBytes(StandardCharsets.UTF_8));
        FtpUrl bare = FtpUrl.parse("ftp://host/f");

        assertThat(FtpUrl.parse("ftp://bob:x@host/f").login(basic)).isEqualTo(new ProxyAuth.Credentials("bob", "x"));
        assertThat(FtpUrl.parse("ftp://bob@host/f").login(basic)).isEqualTo(new ProxyAuth.Credentials("bob", "pw"));
        assertThat(bare.login(basic)).isEqualTo(new ProxyAuth.Credentials("carol", "pw"));
        assertThat(bare.login(null)).isEqualTo(new ProxyAuth.Credentials("anonymous", "vireo@"));
        assertThat(bare.request(bare.login(null), true).path()).isEqualTo("f");
    }

    @Test
    void aListingLinksTheNamesItCanReadAndEscapesEverything() {
        assertThat(FtpListing.line("/pub/", "lrwxrwxrwx 1 ftp ftp 7 Jan  1  2024 l\"nk -> <t>"))
            .isEqualTo("lrwxrwxrwx 1 ftp ftp 7 Jan  1  2024 <a href=\"/pub/l%22nk\">l&quot;nk</a> -&gt; &lt;t&gt;\n");
        assertThat(FtpListing.line("/", "drwxr-xr-x 2 0 4096 Mar 10 12:00 a b"))
            .isEqualTo("drwxr-xr-x 2 0 4096 Mar 10 12:00 <a href=\"/a%20b/\">a b</a>\n");
        assertThat(FtpListing.line("/", "total 3 <b>")).isEqualTo("total 3 &lt;b&gt;\n");
    }
}
