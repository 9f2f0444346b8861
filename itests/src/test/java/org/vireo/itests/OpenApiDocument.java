package org.vireo.itests;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The management API's OpenAPI document (vireo-api's openapi.json) as the tests compare it with the code and with a
 * running node: its routes with the feature, bundle and role each names, and the shape of a body by its schema.
 */
final class OpenApiDocument {

    /** Where vireo-api holds it (OpenApiResource.RESOURCE). */
    static final String RESOURCE = "org/vireo/api/internal/openapi/openapi.json";

    /**
     * One documented operation.
     *
     * @param path under /api/v1, as JAX-RS and the whiteboard's DTOs write it: {@code /vrrp/{name}}
     */
    record Route(String method, String path, String feature, String bundle, String role, JsonNode operation) {

        /** {@code GET /vrrp/{name}}: how the tests name a route. */
        String key() {
            return key(method, path);
        }

        static String key(String method, String path) {
            return method + " " + path;
        }

        @Override
        public String toString() {
            return key() + " (" + feature + ", bundle " + bundle + ")";
        }
    }

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    final JsonNode root;

    private OpenApiDocument(JsonNode root) {
        this.root = root;
    }

    static OpenApiDocument parse(String json) {
        try {
            return new OpenApiDocument(new ObjectMapper().readTree(json));
        } catch (IOException e) {
            throw new AssertionError("openapi.json is no JSON", e);
        }
    }

    static OpenApiDocument read(URL url) {
        try (InputStream in = url.openStream()) {
            return parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError("cannot read " + url, e);
        }
    }

    /** Every route, by key. */
    Map<String, Route> routes() {
        Map<String, Route> routes = new TreeMap<>();
        root.get("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(m -> {
            if (METHODS.contains(m.getKey())) {
                JsonNode o = m.getValue();
                Route r = new Route(m.getKey().toUpperCase(Locale.ROOT), p.getKey(), o.path("x-vireo-feature").asText(),
                    o.path("x-vireo-bundle").asText(), o.path("x-vireo-role").asText(), o);
                routes.put(r.key(), r);
            }
        }));
        return routes;
    }

    /**
     * What differs between the routes a node serves ({@code served}: route key -> the bundle whose resource serves
     * it) and the document, given which features the node has: a route served and not documented, documented as a
     * feature's that is not installed, or as another bundle's; a route of an installed feature not served. Empty
     * when they agree.
     */
    List<String> differences(Map<String, String> served, Predicate<String> installed) {
        List<String> differences = new ArrayList<>();
        Map<String, Route> documented = routes();
        served.forEach((key, bundle) -> {
            Route r = documented.get(key);
            if (r == null) {
                differences.add(key + " is served (bundle " + bundle + ") but not in openapi.json");
            } else if (!installed.test(r.feature())) {
                differences.add(key + " is served, but openapi.json says it is feature " + r.feature() + "'s, which is"
                    + " not installed");
            } else if (!r.bundle().equals(bundle)) {
                differences.add(key + " is served by bundle " + bundle + ", openapi.json says " + r.bundle());
            }
        });
        documented.values().stream().filter(r -> installed.test(r.feature()) && !served.containsKey(r.key()))
            .forEach(r -> differences.add(r + " is in openapi.json but not served"));
        return differences;
    }

    /** The schema of the route's JSON body with this status, resolved; null when it has none. */
    JsonNode jsonSchema(Route route, String status) {
        JsonNode schema = resolve(route.operation().path("responses").path(status)).path("content")
            .path("application/json").path("schema");
        return schema.isMissingNode() ? null : schema;
    }

    /** The media type of the route's request body: the first the document gives, else JSON. */
    String requestMediaType(Route route) {
        Iterator<String> types = resolve(route.operation().path("requestBody")).path("content").fieldNames();
        return types.hasNext() ? types.next() : "application/json";
    }

    /** The route's path with each path parameter replaced by its example. */
    String examplePath(Route route) {
        String path = route.path();
        for (JsonNode p : route.operation().path("parameters")) {
            JsonNode param = resolve(p);
            if (param.path("in").asText().equals("path")) {
                path = path.replace("{" + param.path("name").asText() + "}", param.path("example").asText());
            }
        }
        return path;
    }

    /** The node a {@code $ref} names, or the node itself. */
    JsonNode resolve(JsonNode node) {
        return node.has("$ref") ? root.at(node.get("$ref").asText().substring(1)) : node;
    }

    /**
     * Where {@code value} (a real body) is not of the shape {@code schema} describes: a property missing or not
     * described, a value of another JSON type, null where the schema does not allow it, a value outside its enum.
     * Formats and bounds are the unit tests' business (OpenApiDocumentTest validates every example).
     */
    List<String> mismatches(JsonNode schema, JsonNode value, String at) {
        List<String> found = new ArrayList<>();
        check(resolve(schema), value, at, found);
        return found;
    }

    private void check(JsonNode schema, JsonNode value, String at, List<String> found) {
        if (value.isNull()) {
            if (!schema.path("nullable").asBoolean()) {
                found.add(at + ": null, not allowed");
            }
            return;
        }
        if (schema.has("allOf")) { // a nullable $ref: OpenAPI 3.0 ignores a $ref's siblings, so it is wrapped
            for (JsonNode part : schema.get("allOf")) {
                check(resolve(part), value, at, found);
            }
            return;
        }
        if (schema.has("oneOf")) {
            for (JsonNode option : schema.get("oneOf")) {
                if (mismatches(option, value, at).isEmpty()) {
                    return;
                }
            }
            found.add(at + ": " + value + " is none of " + schema.get("oneOf"));
            return;
        }
        String type = schema.path("type").asText();
        if (!type.isEmpty() && !jsonType(value).equals(type) && !(type.equals("number") && value.isNumber())) {
            found.add(at + ": " + jsonType(value) + ", the document says " + type);
            return;
        }
        if (schema.has("enum") && !schema.get("enum").toString().contains(value.toString())) {
            found.add(at + ": " + value + " is not one of " + schema.get("enum"));
        }
        if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
                check(resolve(schema.get("items")), value.get(i), at + "[" + i + "]", found);
            }
        } else if (value.isObject()) {
            checkObject(schema, value, at, found);
        }
    }

    private void checkObject(JsonNode schema, JsonNode value, String at, List<String> found) {
        JsonNode properties = schema.path("properties");
        for (JsonNode required : schema.path("required")) {
            if (!value.has(required.asText())) {
                found.add(at + ": no " + required.asText());
            }
        }
        Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            JsonNode additional = schema.path("additionalProperties");
            if (properties.has(f.getKey())) {
                check(resolve(properties.get(f.getKey())), f.getValue(), at + "." + f.getKey(), found);
            } else if (additional.isObject()) {
                check(resolve(additional), f.getValue(), at + "." + f.getKey(), found);
            } else if (additional.isBoolean() && !additional.asBoolean()) {
                found.add(at + ": " + f.getKey() + " is not in the document");
            }
        }
    }

    private static String jsonType(JsonNode value) {
        if (value.isIntegralNumber()) {
            return "integer";
        }
        return value.isNumber() ? "number" : value.isTextual() ? "string" : value.isBoolean() ? "boolean"
            : value.isArray() ? "array" : "object";
    }

    /** The features the document names. */
    Set<String> features() {
        Set<String> features = new TreeSet<>();
        routes().values().forEach(r -> features.add(r.feature()));
        return features;
    }
}
