package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

class FeatFilterTest {

    @Test
    void theFeaturesTheProxyRelaysAreKeptTheOthersDropped() {
        FtpReply origin = new FtpReply(211, List.of("Extensions supported:", " AUTH TLS", " PBSZ", " PROT", " CCC",
            " SIZE", " MDTM", " MFMT", " HOST", " LANG EN*", " REST STREAM", " MLST type*;size*;modify*;perm;", " UTF8",
            " EPSV", " EPRT", " PASV", " TVFS", " CLNT", " MODE Z", "End"));

        assertThat(text(FeatFilter.filter(origin))).isEqualTo("211-Features:\r\n EPRT\r\n EPSV\r\n MDTM\r\n"
            + " MLST type*;size*;modify*;perm;\r\n PASV\r\n REST STREAM\r\n SIZE\r\n TVFS\r\n UTF8\r\n211 End\r\n");
    }

    @Test
    void theProxysOwnDataConnectionFeaturesAreListedWhatEverTheOriginHas() {
        assertThat(FeatFilter.filter(FtpReply.of(502, "Command not implemented")).lines())
            .containsExactly("Features:", " EPRT", " EPSV", "End");
        assertThat(FeatFilter.filter(FtpReply.of(211, "No extensions supported")).lines())
            .containsExactly("Features:", " EPRT", " EPSV", "End");
        assertThat(FeatFilter.filter(new FtpReply(500, List.of("x", " SIZE", "y"))).lines())
            .containsExactly("Features:", " EPRT", " EPSV", "End");
    }

    @Test
    void featuresAreReadWhateverTheirCaseAndIndentAndWrittenOnceAsRfc2389Does() {
        FtpReply origin = new FtpReply(211, List.of("Features:", "size", "   Mdtm  ", "211-TVFS", " SIZE", "\tUTF8",
            "End"));

        assertThat(FeatFilter.filter(origin).lines())
            .containsExactly("Features:", " EPRT", " EPSV", " MDTM", " SIZE", " TVFS", " UTF8", "End");
    }

    @Test
    void restIsKeptOnlyAsRestStreamAndMlstWithFactsOnlyOfVisibleAscii() {
        FtpReply origin = new FtpReply(211, List.of("Features:", " REST", " REST BLOCK", " MLST size; modify;", "End"));
        FtpReply streaming = new FtpReply(211, List.of("Features:", " rest stream", " MLST", "End"));

        assertThat(FeatFilter.filter(origin).lines()).containsExactly("Features:", " EPRT", " EPSV", " MLST", "End");
        assertThat(FeatFilter.filter(streaming).lines())
            .containsExactly("Features:", " EPRT", " EPSV", " MLST", " REST STREAM", "End");
    }

    private static String text(FtpReply reply) {
        return new String(reply.format(), StandardCharsets.ISO_8859_1);
    }
}
