package org.vireo.api.internal.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document as a document: valid OpenAPI 3.0 (swagger-parser's reading), every example valid JSON of its
 * schema (a validator of OpenAPI 3.0's JSON Schema dialect), and the rules that keep it useful: each route says the
 * feature and bundle that serve it and the role it needs, and its security, refusals and examples agree with that.
 * That it matches the code is checked in itests: DocumentedRoutesTest (the resource classes) and the ITs (the
 * running whiteboard).
 */
class OpenApiDocumentTest {

    /** The features that bring routes (features.xml): a route's x-vireo-feature names one of them. */
    private static final Set<String> FEATURES = Set.of("vireo-api", "vireo-cluster", "vireo-vrrp", "vireo-health",
        "vireo-balancer", "vireo-proxy");
    private static final Set<String> ROLES = Set.of("none", "viewer", "admin");
    /** Where the validator finds the document: a name only, nothing is fetched. */
    private static final String BASE = "https://vireo.invalid/api/v1/openapi.json";

    private final String text = OpenApiResource.read();
    private final JsonNode doc = parse(text);
    private final ApiDocument api = new ApiDocument(doc);
    /** OpenAPI 3.0's dialect of JSON Schema ({@code nullable}); the document's own {@code $ref}s resolve in it. */
    private final SchemaRegistry registry = SchemaRegistry.withDialect(Dialects.getOpenApi30(),
        builder -> builder.schemas(Map.of(BASE, text)));

    @Test
    void isValidOpenApi30_asSwaggerParserReadsIt() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(text, null, options);

        assertThat(result.getMessages()).isEmpty();
        assertThat(result.getOpenAPI()).isNotNull();
        assertThat(result.getOpenAPI().getOpenapi()).startsWith("3.0.");
        assertThat(result.getOpenAPI().getPaths()).hasSize(doc.get("paths").size());
    }

    @Test
    void everyExampleIsJsonOfItsSchema() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (ApiDocument.Example e : api.examples()) {
            if (e.mediaType().equals("application/json")) {
                failures.addAll(errors(e.schemaPointer(), e.value(), e.where()));
            } else if (e.mediaType().equals("text/event-stream")) {
                failures.addAll(sseErrors(e));
            } else {
                assertThat(e.value().isTextual()).as(e.where()).isTrue();
            }
            checked++;
        }
        assertThat(failures).isEmpty();
        assertThat(checked).isGreaterThan(api.operations().size());
    }

    @Test
    void theValidatorRefusesAnExampleThatIsNotOfItsSchema() {
        String node = "/components/schemas/Node";
        JsonNode good = parse("{\"name\":\"n1\",\"role\":\"director\",\"alsoScan\":false,\"features\":[],"
            + "\"managementAddress\":null,\"interfaceName\":\"eth0\",\"uptimeSeconds\":1,\"version\":\"0.1.0\","
            + "\"configurationProblem\":null}");
        assertThat(errors(node, good, "good")).isEmpty();

        assertThat(errors(node, parse(good.toString().replace("\"alsoScan\"", "\"alsoScans\"")), "renamed"))
            .isNotEmpty();
        assertThat(errors(node, parse(good.toString().replace(",\"configurationProblem\":null", "")), "missing"))
            .isNotEmpty();
        assertThat(errors(node, parse(good.toString().replace("\"name\":\"n1\"", "\"name\":null")), "null"))
            .isNotEmpty();
        assertThat(errors(node, parse(good.toString().replace("\"director\"", "\"chief\"")), "enum")).isNotEmpty();
    }

    @Test
    void everyOperationNamesItsFeatureBundleAndRole_andItsSecuritySaysTheSame() {
        Set<String> ids = new HashSet<>();
        for (ApiDocument.Operation o : api.operations()) {
            JsonNode n = o.node();
            assertThat(FEATURES).as(o + " x-vireo-feature").contains(o.feature());
            assertThat(o.bundle()).as(o + " x-vireo-bundle").matches("vireo-[a-z]+");
            assertThat(ROLES).as(o + " x-vireo-role").contains(o.role());
            assertThat(ids.add(n.path("operationId").asText())).as(o + " operationId unique").isTrue();
            assertThat(n.path("summary").asText()).as(o + " summary").isNotBlank();
            assertThat(api.tags()).as(o + " tags").contains(n.path("tags").path(0).asText());

            JsonNode security = n.get("security");
            JsonNode responses = n.get("responses");
            if (o.role().equals("none")) {
                assertThat(security).as(o + ": no login, so security []").isNotNull();
                assertThat(security.isEmpty()).as(o + ": security []").isTrue();
                continue;
            }
            assertThat(responses.has("401")).as(o + " needs a login: 401").isTrue();
            assertThat(responses.has("429")).as(o + " a login can be limited: 429").isTrue();
            boolean write = !Set.of("GET", "HEAD").contains(o.method());
            if (write) { // with the cookie, a write sends the CSRF token: the scheme says so, and 403 if not
                assertThat(security).as(o + ": a write's security").isNotNull();
                assertThat(security.toString()).as(o.toString()).contains("{\"session\":[],\"csrf\":[]}");
                assertThat(responses.has("403")).as(o + ": 403 for a write without its CSRF token").isTrue();
            } else {
                assertThat(security).as(o + ": a read has the document's security").isNull();
            }
            assertThat(o.role().equals("admin")).as(o + ": writes are the admin's, reads a viewer's")
                .isEqualTo(write && !o.node().path("operationId").asText().equals("logout"));
        }
    }

    @Test
    void everySuccessHasAnExample_andEveryRefusalIsAnApiError() {
        for (ApiDocument.Operation o : api.operations()) {
            Iterator<Map.Entry<String, JsonNode>> responses = o.node().get("responses").fields();
            while (responses.hasNext()) {
                Map.Entry<String, JsonNode> r = responses.next();
                JsonNode response = api.resolve(r.getValue());
                String where = o + " " + r.getKey();
                assertThat(response.path("description").asText()).as(where + " description").isNotBlank();
                JsonNode content = response.path("content");
                if (r.getKey().startsWith("2")) {
                    content.fields().forEachRemaining(m -> assertThat(m.getValue().has("example")
                        || m.getValue().has("examples")).as(where + " " + m.getKey() + " has an example").isTrue());
                    assertThat(content.isEmpty()).as(where + ": a body unless 204").isEqualTo(r.getKey().equals("204"));
                } else if (!(o.path().equals("/health") && r.getKey().equals("503"))) { // not ready: the body is Health
                    assertThat(isApiError(content.path("application/json").path("schema")))
                        .as(where + ": an ApiError, or one with more to say (a write's 412 and 422)").isTrue();
                }
            }
        }
    }

    /**
     * The refusal's schema is ApiError, or one with ApiError's properties and more (a stale write's current version,
     * a refused one's problems): a client that reads status and error reads every refusal.
     */
    private boolean isApiError(JsonNode schemaRef) {
        String ref = schemaRef.path("$ref").asText();
        if (ref.equals("#/components/schemas/ApiError")) {
            return true;
        }
        JsonNode schema = ref.isEmpty() ? schemaRef : doc.at(ref.substring(1));
        JsonNode apiError = doc.at("/components/schemas/ApiError");
        Set<String> required = new TreeSet<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        return names(apiError.get("properties")).stream().allMatch(p -> required.contains(p)
            && apiError.get("properties").get(p).equals(schema.path("properties").path(p)));
    }

    @Test
    void aRefusalWithMoreToSayIsStillAnApiError_andOtherBodiesAreNot() {
        assertThat(isApiError(doc.at("/components/schemas/ApiError"))).isTrue();
        assertThat(isApiError(parse("{\"$ref\": \"#/components/schemas/WriteRefusal\"}"))).isTrue();
        assertThat(isApiError(parse("{\"$ref\": \"#/components/schemas/StaleConfig\"}"))).isTrue();
        assertThat(isApiError(parse("{\"$ref\": \"#/components/schemas/Health\"}"))).isFalse();
        assertThat(isApiError(parse("{\"$ref\": \"#/components/schemas/LostContent\"}"))).isFalse();
    }

    @Test
    void everyRecordSchemaRequiresEachOfItsPropertiesAndAllowsNoOther() {
        // Jackson writes every component of a record, null ones too: a property that may be absent is none of ours.
        // A request's body is what a client writes: one may leave out what the route defaults (RoleRequest.alsoScan)
        Set<String> requestsOnly = requestOnlySchemas();
        assertThat(requestsOnly).contains("RoleRequest", "PriorityOverride").doesNotContain("Node", "Config");
        doc.at("/components/schemas").fields().forEachRemaining(s -> {
            JsonNode schema = s.getValue();
            if (schema.has("properties") && !s.getKey().equals("Event") && !requestsOnly.contains(s.getKey())) {
                Set<String> required = new TreeSet<>();
                schema.get("required").forEach(r -> required.add(r.asText()));
                assertThat(required).as(s.getKey()).isEqualTo(new TreeSet<>(names(schema.get("properties"))));
                assertThat(schema.path("additionalProperties").isBoolean()
                    && !schema.get("additionalProperties").asBoolean()).as(s.getKey()).isTrue();
            }
        });
    }

    @Test
    void everyComponentIsUsed() {
        for (String kind : List.of("schemas", "responses", "parameters")) {
            for (String name : names(doc.at("/components/" + kind))) {
                String ref = "\"#/components/" + kind + "/" + name + "\"";
                assertThat(text).as(kind + " " + name + " is referred to").contains(ref);
            }
        }
    }

    @Test
    void theDocumentTellsOperatorsWhoServesWhat() {
        assertThat(api.routes("vireo-proxy")).containsExactly("GET /scanner", "GET /scanner/access-log",
            "GET /scanner/ftp", "GET /scanner/live");
        assertThat(api.routes("vireo-api")).contains("GET /health", "POST /session", "GET /openapi.json",
            "GET /metrics", "GET /node/log", "GET /node/bundles");
        assertThat(doc.at("/servers/0/url").asText()).isEqualTo("/api/v1");
        JsonNode excerpt = doc.at("/paths/~1openapi.json/get/responses/200/content/application~1json/example");
        assertThat(excerpt.get("openapi")).isEqualTo(doc.get("openapi"));
        assertThat(excerpt.get("info").get("title")).isEqualTo(doc.at("/info/title"));
    }

    /** What the validator says of {@code value} against the schema at {@code pointer}, each with where it was. */
    private List<String> errors(String pointer, JsonNode value, String where) {
        // the fragment is a URI's: braces of path templates percent-encoded
        Schema schema = registry.getSchema(SchemaLocation.of(BASE + "#" + pointer.replace("{", "%7B")
            .replace("}", "%7D")));
        return schema.validate(value).stream().map(Error::toString).map(m -> where + ": " + m).toList();
    }

    /**
     * An event stream's example: each data line is of the schema its media type names for its event's name
     * ({@code x-vireo-event-schemas}: /scanner/live sends counters and access batches), else an Event.
     */
    private List<String> sseErrors(ApiDocument.Example e) {
        List<String> failures = new ArrayList<>();
        JsonNode bySchema = doc.at(e.schemaPointer().replaceAll("/schema$", "") + "/x-vireo-event-schemas");
        Matcher line = Pattern.compile("(?m)^(event|data): (.*)$").matcher(e.value().asText());
        String event = "";
        int n = 0;
        while (line.find()) {
            if (line.group(1).equals("event")) {
                event = line.group(2);
                continue;
            }
            String pointer = bySchema.has(event) ? bySchema.get(event).get("$ref").asText().substring(1)
                : "/components/schemas/Event";
            failures.addAll(errors(pointer, parse(line.group(2)), e.where() + " data " + ++n));
        }
        assertThat(n).as(e.where() + ": events in the stream").isPositive();
        return failures;
    }

    /** The schemas that only request bodies refer to (none of them inside another schema). */
    private Set<String> requestOnlySchemas() {
        Set<String> requests = new TreeSet<>();
        StringBuilder elsewhere = new StringBuilder(doc.at("/components/schemas").toString())
            .append(doc.at("/components/responses"));
        for (ApiDocument.Operation o : api.operations()) {
            o.node().path("requestBody").path("content").forEach(c -> requests.add(c.path("schema").path("$ref")
                .asText().replace("#/components/schemas/", "")));
            elsewhere.append(o.node().path("responses"));
        }
        requests.removeIf(name -> name.isEmpty() || elsewhere.toString().contains("\"#/components/schemas/" + name
            + "\""));
        return requests;
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static JsonNode parse(String json) {
        try {
            return new ObjectMapper().readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }
}
