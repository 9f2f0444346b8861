package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.junit.jupiter.api.Test;

/** The pool's bookkeeping: a forward proxy meets endless hosts, and keeps none that holds no connection. */
class OriginPoolTest {

    @Test
    void aHostWhoseIdleConnectionsAreGoneLeavesNoEntry() {
        OriginPool pool = new OriginPool(ProxyOptions.parse(Map.of()), NioSocketChannel.class);
        for (int i = 0; i < 100; i++) {
            EmbeddedChannel channel = new EmbeddedChannel();
            pool.release(channel, "host" + i + ":80");
            channel.close();
            assertThat(pool.takeIdle(channel.eventLoop(), "host" + i + ":80")).isNull(); // closed: not handed out
        }
        assertThat(pool.keys()).isZero();
    }

    @Test
    void anIdleConnectionIsHandedOutOnceAndItsHostForgottenAfterwards() {
        OriginPool pool = new OriginPool(ProxyOptions.parse(Map.of()), NioSocketChannel.class);
        EmbeddedChannel channel = new EmbeddedChannel();
        pool.release(channel, "a:80");
        assertThat(pool.keys()).isEqualTo(1);

        assertThat(pool.takeIdle(channel.eventLoop(), "a:80")).isSameAs(channel);
        assertThat(pool.takeIdle(channel.eventLoop(), "a:80")).isNull();
        assertThat(pool.keys()).isZero();
    }

    @Test
    void withoutPoolingNothingIsKept() {
        OriginPool pool = new OriginPool(ProxyOptions.parse(Map.of("poolMaxIdlePerHost", 0)), NioSocketChannel.class);
        EmbeddedChannel channel = new EmbeddedChannel();
        pool.release(channel, "a:80");

        assertThat(channel.isOpen()).isFalse();
        assertThat(pool.keys()).isZero();
    }
}
