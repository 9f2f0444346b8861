package org.vireo.srv.internal.dns;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class RateLimiterTest {

    private final AtomicLong now = new AtomicLong(Long.MAX_VALUE - 5_000_000_000L); // far from 0: no overflow hidden
    private final InetAddress a = InetAddress.getLoopbackAddress();

    private int allowed(RateLimiter limiter, InetAddress client, int asked) {
        int n = 0;
        for (int i = 0; i < asked; i++) {
            n += limiter.allow(client) ? 1 : 0;
        }
        return n;
    }

    @Test
    void aClientGetsItsBurstAtOnceThenTheRate() {
        RateLimiter limiter = new RateLimiter(10, 20, now::get);
        assertThat(allowed(limiter, a, 50)).isEqualTo(20);
        now.addAndGet(500_000_000L);
        assertThat(allowed(limiter, a, 50)).as("half a second at 10/s").isEqualTo(5);
        now.addAndGet(60_000_000_000L);
        assertThat(allowed(limiter, a, 50)).as("a long pause refills the burst, no more").isEqualTo(20);
    }

    @Test
    void clientsHaveTheirOwnBuckets() throws Exception {
        RateLimiter limiter = new RateLimiter(1, 2, now::get);
        assertThat(allowed(limiter, a, 5)).isEqualTo(2);
        assertThat(allowed(limiter, InetAddress.getByName("192.0.2.7"), 5)).isEqualTo(2);
    }

    @Test
    void rateZeroIsNoLimit() {
        assertThat(allowed(new RateLimiter(0, 1, now::get), a, 1000)).isEqualTo(1000);
    }
}
