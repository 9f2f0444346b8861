package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import org.vireo.rules.RequestFacts;

/** A rules directory in a temporary folder, loaded the way a node loads it. */
final class RulesFixture {

    static final Instant NOW = Instant.parse("2026-11-30T02:00:00Z");

    private final Path directory;

    RulesFixture(Path directory) {
        this.directory = directory;
    }

    /** Gives each test instance a fixture in a new temporary folder, deleted after the test. */
    static final class Resolver implements ParameterResolver {

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == RulesFixture.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            try {
                Path folder = Files.createTempDirectory("vireo-rules");
                context.getStore(ExtensionContext.Namespace.create(RulesFixture.class))
                    .put(folder, (ExtensionContext.Store.CloseableResource) () -> deleteAll(folder));
                return new RulesFixture(folder);
            } catch (IOException e) {
                throw new ParameterResolutionException("no temporary folder", e);
            }
        }

        private static void deleteAll(Path folder) throws IOException {
            try (Stream<Path> paths = Files.walk(folder)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    Path directory() {
        return directory;
    }

    RulesFixture file(String name, String content) throws IOException {
        Path file = directory.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return this;
    }

    RulesLoadResult load(String rules) throws IOException {
        file(RulesLoader.RULES_FILE, rules);
        return new RulesLoader(Clock.fixed(NOW, ZoneOffset.UTC)).loadDirectory(directory);
    }

    RuleSet loaded(String rules) throws IOException {
        RulesLoadResult result = load(rules);
        assertThat(result).isInstanceOf(RulesLoadResult.Loaded.class);
        return ((RulesLoadResult.Loaded) result).ruleSet();
    }

    /** The errors of a refused file. */
    java.util.List<String> refused(String rules) throws IOException {
        RulesLoadResult result = load(rules);
        assertThat(result).isInstanceOf(RulesLoadResult.Refused.class);
        return ((RulesLoadResult.Refused) result).errors();
    }

    static RequestFacts get(String client, String url) {
        String rest = url.substring(url.indexOf("://") + 3);
        String authority = rest.contains("/") ? rest.substring(0, rest.indexOf('/')) : rest;
        int colon = authority.lastIndexOf(':');
        boolean hasPort = colon > authority.lastIndexOf(']');
        String host = hasPort ? authority.substring(0, colon) : authority;
        int port = hasPort ? Integer.parseInt(authority.substring(colon + 1)) : url.startsWith("https") ? 443 : 80;
        return new RequestFacts(address(client), "GET", host, port, url);
    }

    static RequestFacts request(String client, String method, String host, int port, String url) {
        return new RequestFacts(address(client), method, host, port, url);
    }

    static RequestFacts connect(String client, String host, int port) {
        return new RequestFacts(address(client), "CONNECT", host, port, host + ":" + port);
    }

    static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal); // literals only: never a DNS lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
