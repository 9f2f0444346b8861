package org.vireo.cluster.internal.channel;

/** A transport listener that keeps everything it is told, for tests to await. */
final class Recorder implements ClusterTransport.Listener {

    record Received(String from, byte[] payload) {

        String text() {
            return new String(payload, java.nio.charset.StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return from + ":" + (payload.length > 100 ? payload.length + " bytes" : text());
        }
    }

    final Events<Received> received = new Events<>();
    final Events<ClusterView> views = new Events<>();
    final Events<String> refusals = new Events<>();

    @Override
    public void received(String from, byte[] payload) {
        received.add(new Received(from, payload));
    }

    @Override
    public void viewChanged(ClusterView view) {
        views.add(view);
    }

    @Override
    public void refused(String peer, String reason) {
        refusals.add(peer + " | " + reason);
    }
}
