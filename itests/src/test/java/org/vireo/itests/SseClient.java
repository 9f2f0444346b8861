package org.vireo.itests;

import static org.junit.Assert.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A Server-Sent Events client on curl ({@code curl -N}, as an operator would watch the stream): its lines are read on a
 * thread of their own and taken, event by event, with a bounded wait. Open, it has read the response's head.
 */
final class SseClient implements AutoCloseable {

    private static final long WAIT_SECONDS = 30;
    private static final String END = "\u0000end";

    private final Process curl;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> headers = new ArrayList<>();

    private SseClient(Process curl) {
        this.curl = curl;
        Thread reader = new Thread(this::read, "sse-client");
        reader.setDaemon(true);
        reader.start();
    }

    /** {@code GET /api/v1/events} of the node on {@code port} with curl's {@code args} (a login, headers). */
    static SseClient open(int port, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("curl", "-s", "-N", "-i", "--max-time", "120"));
        command.addAll(List.of(args));
        command.add("http://127.0.0.1:" + port + "/api/v1/events");
        SseClient client = new SseClient(new ProcessBuilder(command).redirectErrorStream(true).start());
        client.readHead();
        return client;
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(curl.getInputStream(),
            StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(line);
            }
        } catch (IOException e) {
            lines.add("read failed: " + e);
        }
        lines.add(END);
    }

    /** The status line and headers, up to the empty line; the first comment follows at once (the route sends one). */
    private void readHead() throws InterruptedException {
        String line;
        while (!(line = next("the response's head")).isEmpty()) {
            headers.add(line);
        }
        if (!headers.get(0).contains(" 200")) {
            throw new AssertionError("the stream was refused: " + headers);
        }
    }

    List<String> headers() {
        return headers;
    }

    /** The next event that {@code wanted} accepts (the others are passed over), within 30 s. */
    SseEvent await(Predicate<SseEvent> wanted, String what) throws InterruptedException {
        while (true) {
            SseEvent e = nextEvent(what);
            if (wanted.test(e)) {
                return e;
            }
        }
    }

    /** Waits for the comment line {@code : <text>} (events are passed over), within 30 s. */
    void awaitComment(String text) throws InterruptedException {
        while (!next("the comment '" + text + "'").equals(": " + text)) {
            // an event's lines, or another comment
        }
    }

    private SseEvent nextEvent(String what) throws InterruptedException {
        String id = "";
        String name = "";
        StringBuilder data = new StringBuilder();
        String line;
        while (!(line = next(what)).isEmpty() || data.length() == 0) {
            if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("event:")) {
                name = line.substring(6).trim();
            } else if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }
        return new SseEvent(id, name, data.toString());
    }

    private String next(String what) throws InterruptedException {
        String line = lines.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull("no " + what + " within " + WAIT_SECONDS + " s", line);
        if (line.equals(END)) {
            throw new AssertionError("the stream ended before " + what);
        }
        return line;
    }

    @Override
    public void close() {
        curl.destroy();
    }
}
