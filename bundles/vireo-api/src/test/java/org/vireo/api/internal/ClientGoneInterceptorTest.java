package org.vireo.api.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.ext.WriterInterceptorContext;

import org.junit.jupiter.api.Test;

/** A write whose client is gone ends quietly; every other failed write, and an event stream's, still fails. */
class ClientGoneInterceptorTest {

    private final ClientGoneInterceptor interceptor = new ClientGoneInterceptor();

    @Test
    void aClientThatWentAwayEndsTheWriteQuietly() throws Exception {
        AtomicInteger proceeded = new AtomicInteger();
        interceptor.aroundWriteTo(context(MediaType.TEXT_PLAIN_TYPE, new EOFException("early EOF"), proceeded));
        interceptor.aroundWriteTo(context(MediaType.APPLICATION_JSON_TYPE,
            new IOException("write failed", new IOException("Broken pipe")), proceeded));
        interceptor.aroundWriteTo(context(MediaType.APPLICATION_JSON_TYPE,
            new IOException("Connection reset by peer"), proceeded));
        assertThat(proceeded).hasValue(3);
    }

    @Test
    void anyOtherFailureStillFails() {
        IOException full = new IOException("No space left on device");
        assertThatThrownBy(() -> interceptor.aroundWriteTo(context(MediaType.TEXT_PLAIN_TYPE, full,
            new AtomicInteger()))).isSameAs(full);
    }

    @Test
    void anEventStreamLearnsThatItsClientIsGone() {
        EOFException gone = new EOFException();
        assertThatThrownBy(() -> interceptor.aroundWriteTo(context(MediaType.SERVER_SENT_EVENTS_TYPE, gone,
            new AtomicInteger()))).isSameAs(gone);
    }

    @Test
    void theCauseChainIsReadToABound() {
        IOException loop = new IOException("outer");
        IOException inner = new IOException("inner", loop);
        loop.initCause(inner);
        assertThat(ClientGoneInterceptor.clientGone(loop)).isFalse();
    }

    /** A context whose proceed() counts and then fails with {@code failure}; its media type is {@code type}. */
    private static WriterInterceptorContext context(MediaType type, IOException failure, AtomicInteger proceeded) {
        return (WriterInterceptorContext) Proxy.newProxyInstance(ClientGoneInterceptorTest.class.getClassLoader(),
            new Class<?>[] {WriterInterceptorContext.class}, (proxy, method, args) -> switch (method.getName()) {
                case "proceed" -> {
                    proceeded.incrementAndGet();
                    throw failure;
                }
                case "getMediaType" -> type;
                case "getAnnotations" -> new Annotation[0];
                case "getOutputStream" -> OutputStream.nullOutputStream();
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }
}
