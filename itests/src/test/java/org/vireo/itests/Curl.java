package org.vireo.itests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** What curl got from a node's management API: the status (0 when it could not connect), the headers, the body. */
record Curl(int status, List<String> headers, String body) {

    Optional<String> header(String name) {
        String prefix = name.toLowerCase(Locale.ROOT) + ":";
        return headers.stream().filter(h -> h.toLowerCase(Locale.ROOT).startsWith(prefix))
            .map(h -> h.substring(prefix.length()).trim()).findFirst();
    }

    /** curl on {@code path} of 127.0.0.1:{@code port} with {@code args}. */
    static Curl run(int port, String path, String... args) {
        try {
            Path headers = Files.createTempFile("api-it", ".headers");
            Path body = Files.createTempFile("api-it", ".body");
            try {
                List<String> command = new ArrayList<>(List.of("curl", "-s", "--max-time", "10", "-D",
                    headers.toString(), "-o", body.toString(), "-w", "%{http_code}"));
                command.addAll(Arrays.asList(args));
                command.add("http://127.0.0.1:" + port + path);
                Process curl = new ProcessBuilder(command).redirectErrorStream(true).start();
                String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
                if (!curl.waitFor(20, TimeUnit.SECONDS)) {
                    curl.destroyForcibly();
                    throw new AssertionError("curl " + path + " did not end");
                }
                return new Curl(out.matches("\\d{3}") ? Integer.parseInt(out) : 0,
                    Files.readAllLines(headers, StandardCharsets.ISO_8859_1),
                    Files.readString(body, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(headers);
                Files.deleteIfExists(body);
            }
        } catch (IOException e) {
            throw new AssertionError("curl " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
