package org.vireo.vip.internal.alias;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/** The reading of the kernel's address notices, on messages laid out as rtnetlink sends them. */
class NetlinkMessagesTest {

    private static final int INDEX = 7;

    @Test
    void theNoticeOfTheAddressOnItsInterfaceIsFound_alsoAfterAnotherMessageInTheSameRead() throws Exception {
        InetAddress vip = InetAddress.getByName("fd77::51");
        ByteBuffer one = ByteBuffer.allocate(512).order(ByteOrder.nativeOrder());
        notice(one, NetlinkMessages.RTM_NEWADDR, INDEX, InetAddress.getByName("fd77::52"));
        int first = one.position();
        notice(one, NetlinkMessages.RTM_NEWADDR, INDEX, vip);

        assertThat(NetlinkMessages.announcesAddress(one.array(), one.position(), INDEX, vip)).isTrue();
        assertThat(NetlinkMessages.announcesAddress(one.array(), first, INDEX, vip)).as("the other address only")
            .isFalse();
    }

    @Test
    void anotherInterfaceARemovalOrACutMessageIsNoNotice() throws Exception {
        InetAddress vip = InetAddress.getByName("fd77::51");
        ByteBuffer elsewhere = ByteBuffer.allocate(256).order(ByteOrder.nativeOrder());
        notice(elsewhere, NetlinkMessages.RTM_NEWADDR, INDEX + 1, vip);
        ByteBuffer removed = ByteBuffer.allocate(256).order(ByteOrder.nativeOrder());
        notice(removed, NetlinkMessages.RTM_DELADDR, INDEX, vip);
        ByteBuffer whole = ByteBuffer.allocate(256).order(ByteOrder.nativeOrder());
        notice(whole, NetlinkMessages.RTM_NEWADDR, INDEX, vip);

        assertThat(NetlinkMessages.announcesAddress(elsewhere.array(), elsewhere.position(), INDEX, vip)).isFalse();
        assertThat(NetlinkMessages.announcesAddress(removed.array(), removed.position(), INDEX, vip)).isFalse();
        assertThat(NetlinkMessages.announcesAddress(whole.array(), whole.position() - 8, INDEX, vip))
            .as("cut inside its address").isFalse();
        assertThat(NetlinkMessages.announcesAddress(whole.array(), whole.position(), INDEX, vip)).isTrue();
    }

    /** nlmsghdr, ifaddrmsg, IFA_FLAGS (a u32, before the address as the kernel sends it) and IFA_ADDRESS. */
    private static void notice(ByteBuffer b, int type, int index, InetAddress address) {
        byte[] raw = address.getAddress();
        int length = 16 + 8 + 8 + 4 + raw.length;
        b.putInt(length).putShort((short) type).putShort((short) 0).putInt(0).putInt(0);
        b.put((byte) 10).put((byte) 128).put((byte) 0x82).put((byte) 0).putInt(index);
        b.putShort((short) 8).putShort((short) 8).putInt(0x82); // IFA_FLAGS
        b.putShort((short) (4 + raw.length)).putShort((short) 1).put(raw); // IFA_ADDRESS
    }
}
