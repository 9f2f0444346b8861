package org.vireo.scanner.internal.proxy.adversarial;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The suite's judge of what an origin received: a lenient one would let every refusal row pass. */
class ReceivedRequestsTest {

    private static final String AT = "127.0.0.1:8080";

    private static ReceivedRequests read(String escaped) {
        byte[] bytes = Escapes.bytes(escaped, Map.of());
        return ReceivedRequests.read(bytes, bytes.length, AT, "");
    }

    @Test
    void aChunkedRequestShowsItsOwnFieldsDecodedBodyAndTrailerButNotTheProxysFields() {
        ReceivedRequests r = read("POST /a HTTP/1.1\\r\\nHost: " + AT + "\\r\\nVia: 1.1 p\\r\\nX-B: 2\\r\\nX-A: 1\\r\\n"
            + "Transfer-Encoding: chunked\\r\\n\\r\\n2\\r\\nhe\\r\\n3;x=y\\r\\nllo\\r\\n0\\r\\nX-T: \\xe9\\r\\n\\r\\n");

        assertThat(r.requests()).containsExactly("POST /a [x-a: 1] [x-b: 2] body \"hello\" trailer [x-t: \\xe9]");
        assertThat(r.residue()).isNull();
    }

    @Test
    void anAbsoluteFormTargetNamingThisOriginIsShownInOriginFormAndAnotherHostIsShown() {
        ReceivedRequests r = read("GET http://" + AT + "/a HTTP/1.0\\r\\nHost: evil\\r\\n\\r\\n"
            + "GET http://127.0.0.1:9/b HTTP/1.1\\r\\n\\r\\n");

        assertThat(r.requests()).containsExactly("GET /a HTTP/1.0 [host: evil]", "GET http://127.0.0.1:9/b");
    }

    @Test
    void whatALenientServerWouldTakeIsMalformed() {
        assertThat(read("GET /a HTTP/1.1\\nHost: x\\n\\n").residue()).startsWith("!malformed bare LF");
        assertThat(read("GET /a HTTP/1.1\\r\\nX-A: 1\\r\\n b\\r\\n\\r\\n").residue()).startsWith("!malformed field");
        assertThat(read("POST /a HTTP/1.1\\r\\nContent-Length: 5\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n0\\r\\n\\r\\n")
            .residue()).startsWith("!malformed framing");
        assertThat(read("POST /a HTTP/1.1\\r\\nContent-Length: 5\\r\\nContent-Length: 5\\r\\n\\r\\nhello").residue())
            .startsWith("!malformed content-length");
    }

    @Test
    void aRequestCutShortIsIncompleteAfterTheWholeOnes() {
        ReceivedRequests r = read("GET /a HTTP/1.1\\r\\n\\r\\nPOST /b HTTP/1.1\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n"
            + "5\\r\\nhello\\r\\n");

        assertThat(r.requests()).containsExactly("GET /a");
        assertThat(r.residue()).isEqualTo(ReceivedRequests.INCOMPLETE);
    }

    @Test
    void aPrefixMatchesNoCompleteRequestButAWholeRequestDoesNot() throws Exception {
        AdversarialCase row = AdversarialCase.load().stream().filter(c -> c.id().equals("ch-bad-size")).findFirst()
            .orElseThrow();

        assertThat(row.originMatches(AdversarialCase.NOTHING, Map.of())).isTrue();
        assertThat(row.originMatches(ReceivedRequests.INCOMPLETE, Map.of())).isTrue();
        assertThat(row.originMatches("POST /a body \"hello\"", Map.of())).isFalse();
        assertThat(row.originMatches("POST /a body \"hello\" ++ " + ReceivedRequests.INCOMPLETE, Map.of())).isFalse();
    }
}
