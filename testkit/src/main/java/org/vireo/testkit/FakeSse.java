package org.vireo.testkit;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import javax.ws.rs.core.GenericType;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.sse.OutboundSseEvent;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseBroadcaster;
import javax.ws.rs.sse.SseEventSink;

/**
 * JAX-RS' SSE as far as a stream uses it (the event log's, the scanner's live one): events built as values, a sink
 * that records them, and whose sends complete when the test says.
 */
public final class FakeSse implements Sse {

    /** An event as built. */
    public record Message(String id, String name, String comment, Object data) implements OutboundSseEvent {
        @Override
        public String getId() {
            return id;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public String getComment() {
            return comment;
        }

        @Override
        public long getReconnectDelay() {
            return -1;
        }

        @Override
        public boolean isReconnectDelaySet() {
            return false;
        }

        @Override
        public Class<?> getType() {
            return data == null ? null : data.getClass();
        }

        @Override
        public Type getGenericType() {
            return getType();
        }

        @Override
        public MediaType getMediaType() {
            return MediaType.TEXT_PLAIN_TYPE;
        }

        @Override
        public Object getData() {
            return data;
        }
    }

    @Override
    public OutboundSseEvent.Builder newEventBuilder() {
        return new OutboundSseEvent.Builder() {
            private String id;
            private String name;
            private String comment;
            private Object data;

            @Override
            public OutboundSseEvent.Builder id(String value) {
                id = value;
                return this;
            }

            @Override
            public OutboundSseEvent.Builder name(String value) {
                name = value;
                return this;
            }

            @Override
            public OutboundSseEvent.Builder reconnectDelay(long milliseconds) {
                return this;
            }

            @Override
            public OutboundSseEvent.Builder mediaType(MediaType mediaType) {
                return this;
            }

            @Override
            public OutboundSseEvent.Builder comment(String value) {
                comment = value;
                return this;
            }

            @Override
            public OutboundSseEvent.Builder data(Class type, Object value) {
                data = value;
                return this;
            }

            @Override
            public OutboundSseEvent.Builder data(GenericType type, Object value) {
                data = value;
                return this;
            }

            @Override
            public OutboundSseEvent.Builder data(Object value) {
                data = value;
                return this;
            }

            @Override
            public OutboundSseEvent build() {
                return new Message(id, name, comment, data);
            }
        };
    }

    @Override
    public SseBroadcaster newBroadcaster() {
        throw new UnsupportedOperationException("not used by a stream");
    }

    /** Records what is sent; each send completes as {@link #next} says (at once, by default). */
    public static final class Sink implements SseEventSink {
        public final List<Message> sent = new ArrayList<>();
        public CompletableFuture<Void> next = CompletableFuture.completedFuture(null);
        public boolean closed;

        @Override
        public boolean isClosed() {
            return closed;
        }

        @Override
        public CompletionStage<?> send(OutboundSseEvent event) {
            sent.add((Message) event);
            return next;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
