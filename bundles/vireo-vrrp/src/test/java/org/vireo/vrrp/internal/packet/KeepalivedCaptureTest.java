package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.packet.Fixtures.LAB_VIP;
import static org.vireo.vrrp.internal.packet.Fixtures.N1;
import static org.vireo.vrrp.internal.packet.Fixtures.N2;
import static org.vireo.vrrp.internal.packet.Fixtures.VRRP_GROUP_V4;
import static org.vireo.vrrp.internal.packet.Fixtures.accepted;
import static org.vireo.vrrp.internal.packet.Fixtures.ip;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The codec against keepalived 2.2.7 on the wire: every VRRP frame of the lab capture. */
class KeepalivedCaptureTest {

    private static final String DIR = "/fixtures/vrrp/";

    /**
     * Sender and priority of every VRRP frame. The decode text details frames 1 and 10 only; the
     * others are read off the capture: n1 (priority 150) until its SIGTERM advert at priority 0 in
     * frame 10, then n2 (priority 100) until its own priority-0 advert in frame 19.
     */
    private static final Map<Integer, Integer> PRIORITY_BY_FRAME =
            Map.of(1, 150, 7, 150, 8, 150, 9, 150, 10, 0, 11, 100, 17, 100, 18, 100, 19, 0);
    private static final Map<Integer, Integer> CHECKSUM_BY_FRAME =
            Map.of(1, 0x4332, 7, 0x4332, 8, 0x4332, 9, 0x4332, 10, 0xd932,
                    11, 0x7531, 17, 0x7531, 18, 0x7531, 19, 0xd931);

    private static List<PcapFile.Frame> frames;
    private static List<CapturedVrrp> captured;
    private static KeepalivedDecodeText text;

    @BeforeAll
    static void readFixtures() {
        frames = PcapFile.ethernetFrames(Fixtures.resource(DIR + "keepalived-vrrpv3.pcap"));
        captured = CapturedVrrp.from(frames);
        text = new KeepalivedDecodeText(Fixtures.resourceText(DIR + "keepalived-advert.txt"));
    }

    @Test
    void captureHoldsTheNineteenFramesTheDecodeTextAnnounces() {
        assertThat(frames).hasSize(19);
    }

    @Test
    void vrrpFramesOfTheCaptureAreExactlyThoseOfTheSummaryWithTheSameAddresses() {
        // given the summary's VRRP rows (frame, source, destination)
        List<KeepalivedDecodeText.SummaryRow> expected = text.vrrpRows();

        // when reading the same facts from the pcap's IP headers
        List<KeepalivedDecodeText.SummaryRow> actual = captured.stream()
                .map(c -> new KeepalivedDecodeText.SummaryRow(c.frameNumber(), c.source().getHostAddress(),
                        c.destination().getHostAddress()))
                .toList();

        // then
        assertThat(expected).extracting(KeepalivedDecodeText.SummaryRow::frame)
                .containsExactly(1, 7, 8, 9, 10, 11, 17, 18, 19);
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void pcapBytesOfTheDetailedFramesEqualTheHexDumpOfTheDecodeText() {
        assertThat(frames.get(0).data()).isEqualTo(text.hexDump(1));
        assertThat(frames.get(9).data()).isEqualTo(text.hexDump(10));
    }

    @Test
    void frameOneDecodesToTheValuesOfTheDecodeText() {
        // given
        CapturedVrrp frame = frame(1);
        Map<String, String> decoded = text.fields(1);

        // when
        ReceiveResult.Accepted result = accepted(decode(frame));

        // then: every field tshark printed
        VrrpAdvert advert = result.advert();
        assertThat(advert.version().wireValue()).isEqualTo(intField(decoded, "version")).isEqualTo(3);
        assertThat(frame.message()[0] & 0x0F).isEqualTo(intField(decoded, "type")).isEqualTo(1);
        assertThat(advert.vrid()).isEqualTo(intField(decoded, "vrid")).isEqualTo(51);
        assertThat(advert.priority()).isEqualTo(intField(decoded, "priority")).isEqualTo(150);
        assertThat(advert.addresses()).hasSize(intField(decoded, "count")).hasSize(1);
        assertThat(advert.interval()).isEqualTo(intField(decoded, "interval")).isEqualTo(100);
        assertThat(IndependentChecksum.field(frame.message()))
                .isEqualTo(Integer.parseInt(decoded.get("checksum"), 16)).isEqualTo(0x4332);
        assertThat(advert.addresses()).containsExactly(ip(decoded.get("address"))).containsExactly(LAB_VIP);
        assertThat(frame.source()).isEqualTo(ip(decoded.get("source"))).isEqualTo(N1);
        assertThat(frame.destination()).isEqualTo(ip(decoded.get("destination"))).isEqualTo(VRRP_GROUP_V4);
        assertThat(frame.ttl()).isEqualTo(intField(decoded, "ttl")).isEqualTo(255);
        assertThat(result.addressListDiffers()).isFalse();
    }

    @Test
    void frameTenDecodesAsThePriorityZeroAdvertOfTheDecodeText() {
        // given
        CapturedVrrp frame = frame(10);
        Map<String, String> decoded = text.fields(10);

        // when
        VrrpAdvert advert = accepted(decode(frame)).advert();

        // then
        assertThat(advert.priority()).isEqualTo(intField(decoded, "priority")).isEqualTo(VrrpAdvert.PRIORITY_STOP);
        assertThat(advert.vrid()).isEqualTo(intField(decoded, "vrid"));
        assertThat(advert.interval()).isEqualTo(intField(decoded, "interval"));
        assertThat(advert.addresses()).containsExactly(ip(decoded.get("address")));
        assertThat(IndependentChecksum.field(frame.message()))
                .isEqualTo(Integer.parseInt(decoded.get("checksum"), 16)).isEqualTo(0xd932);
    }

    @Test
    void everyVrrpFrameDecodesToTheLabAdvertOfItsSender() {
        for (CapturedVrrp frame : captured) {
            // when
            ReceiveResult.Accepted result = accepted(decode(frame));

            // then
            VrrpAdvert expected = new VrrpAdvert(VrrpVersion.V3, 51, PRIORITY_BY_FRAME.get(frame.frameNumber()), 100,
                    List.of(LAB_VIP));
            assertThat(result.advert()).as("frame %d", frame.frameNumber()).isEqualTo(expected);
            assertThat(result.addressListDiffers()).isFalse();
            assertThat(frame.ttl()).isEqualTo(255);
            assertThat(frame.source()).isIn(N1, N2);
            assertThat(IndependentChecksum.field(frame.message()))
                    .as("checksum of frame %d", frame.frameNumber())
                    .isEqualTo(CHECKSUM_BY_FRAME.get(frame.frameNumber()));
        }
        assertThat(captured).extracting(CapturedVrrp::frameNumber)
                .containsExactlyInAnyOrderElementsOf(PRIORITY_BY_FRAME.keySet());
    }

    @Test
    void everyVrrpFrameReencodesByteForByteChecksumIncluded() {
        for (CapturedVrrp frame : captured) {
            // given
            VrrpAdvert advert = accepted(decode(frame)).advert();

            // when
            byte[] encoded = VrrpCodec.encode(advert, frame.source(), frame.destination());

            // then
            assertThat(encoded).as("frame %d", frame.frameNumber()).isEqualTo(frame.message());
        }
    }

    @Test
    void everyVrrpFrameChecksumCoversTheIpv4PseudoHeaderAsKeepalivedComputesIt() {
        for (CapturedVrrp frame : captured) {
            byte[] covered = IndependentChecksum.covered(frame.message(), VrrpVersion.V3, frame.source(),
                    frame.destination());
            assertThat(IndependentChecksum.onesComplementSum(covered))
                    .as("RFC 1071 sum over pseudo-header + message of frame %d", frame.frameNumber())
                    .isEqualTo(0xFFFF);
        }
    }

    private static ReceiveResult decode(CapturedVrrp frame) {
        return Fixtures.decode(frame.message(), frame.source(), frame.destination(), frame.ttl(),
                Fixtures.labContext());
    }

    private static CapturedVrrp frame(int number) {
        return captured.stream().filter(c -> c.frameNumber() == number).findFirst().orElseThrow();
    }

    private static int intField(Map<String, String> fields, String name) {
        assertThat(fields).as("decode text field %s", name).containsKey(name);
        return Integer.parseInt(fields.get(name));
    }

}
