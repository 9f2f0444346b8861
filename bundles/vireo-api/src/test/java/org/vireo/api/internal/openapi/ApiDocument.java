package org.vireo.api.internal.openapi;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

/** The parts of the OpenAPI document the tests look at: its operations, the examples in them, what a $ref names. */
final class ApiDocument {

    /** One operation: its method in upper case, its path under /api/v1, and its node. */
    record Operation(String method, String path, JsonNode node) {

        String feature() {
            return node.path("x-vireo-feature").asText();
        }

        String bundle() {
            return node.path("x-vireo-bundle").asText();
        }

        String role() {
            return node.path("x-vireo-role").asText();
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    /**
     * One example of a body.
     *
     * @param schemaPointer the JSON pointer of the body's schema in the document
     * @param where         the operation, the status (or "request") and the example's name, for messages
     */
    record Example(String mediaType, String schemaPointer, JsonNode value, String where) {
    }

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private final JsonNode doc;

    ApiDocument(JsonNode doc) {
        this.doc = doc;
    }

    List<Operation> operations() {
        List<Operation> operations = new ArrayList<>();
        doc.get("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m -> {
            if (METHODS.contains(m.getKey())) {
                operations.add(new Operation(m.getKey().toUpperCase(Locale.ROOT), p.getKey(), m.getValue()));
            }
        }));
        return operations;
    }

    /** "GET /scanner", ... of the routes a feature brings, sorted. */
    Set<String> routes(String feature) {
        Set<String> routes = new TreeSet<>();
        operations().stream().filter(o -> o.feature().equals(feature)).forEach(o -> routes.add(o.toString()));
        return routes;
    }

    Set<String> tags() {
        Set<String> tags = new TreeSet<>();
        doc.path("tags").forEach(t -> tags.add(t.path("name").asText()));
        return tags;
    }

    /** The node a {@code $ref} names, or the node itself. */
    JsonNode resolve(JsonNode node) {
        return node.has("$ref") ? doc.at(pointer(node)) : node;
    }

    /** Every example of a request or response body; those of a shared response once. */
    List<Example> examples() {
        List<Example> examples = new ArrayList<>();
        Set<String> shared = new HashSet<>();
        for (Operation o : operations()) {
            String at = "/paths/" + escape(o.path()) + "/" + o.method().toLowerCase(Locale.ROOT);
            if (o.node().has("requestBody")) {
                addExamples(examples, o + " request", o.node().get("requestBody"), at + "/requestBody", shared);
            }
            o.node().get("responses").fields().forEachRemaining(r -> addExamples(examples, o + " " + r.getKey(),
                r.getValue(), at + "/responses/" + r.getKey(), shared));
        }
        return examples;
    }

    private void addExamples(List<Example> examples, String where, JsonNode node, String at, Set<String> shared) {
        if (node.has("$ref")) {
            at = pointer(node);
            where = at;
            if (!shared.add(at)) {
                return;
            }
        }
        String located = at;
        String named = where;
        doc.at(located).path("content").fields().forEachRemaining(m -> {
            String schema = located + "/content/" + escape(m.getKey()) + "/schema";
            if (m.getValue().has("example")) {
                examples.add(new Example(m.getKey(), schema, m.getValue().get("example"), named));
            }
            m.getValue().path("examples").fields().forEachRemaining(e -> examples.add(new Example(m.getKey(), schema,
                resolve(e.getValue()).get("value"), named + " " + e.getKey())));
        });
    }

    private static String pointer(JsonNode ref) {
        return ref.get("$ref").asText().substring(1);
    }

    /** A JSON pointer's token (RFC 6901). */
    static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }
}
