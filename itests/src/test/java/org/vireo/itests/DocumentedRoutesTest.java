package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import javax.ws.rs.Consumes;
import javax.ws.rs.HttpMethod;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;

/**
 * The OpenAPI document against the code, without a container: the JAX-RS resource classes of every Vireo bundle
 * (class-level {@code @Path}) serve exactly the documented routes, each documented as its bundle's, and where a
 * resource method's signature names its body (a record, a list or map of them) the document's schema has the same
 * properties. A route added without the document fails here, named with its class. The running whiteboard is
 * compared in ApiIT and OpenApiIT; bodies a method hides behind a Response are checked there, on real answers.
 */
public class DocumentedRoutesTest {

    /** A route of the code: its resource method, and the bundle whose jar holds the class. */
    private record CodeRoute(String bundle, Method method) {
    }

    private final OpenApiDocument document = OpenApiDocument.read(getClass().getClassLoader()
        .getResource(OpenApiDocument.RESOURCE));

    @Test
    public void everyResourceMethodOfEveryBundleIsDocumented_asItsBundles_andEveryDocumentedRouteHasOne()
        throws Exception {
        Map<String, CodeRoute> code = codeRoutes();
        Map<String, String> served = new TreeMap<>();
        code.forEach((key, route) -> served.put(key, route.bundle()));

        List<String> differences = document.differences(served, feature -> true);

        assertEquals("routes of the code (" + code.keySet() + ") against openapi.json", List.of(),
            differences.stream().map(d -> d + where(code, d)).toList());
        assertTrue("the resources of six bundles: " + new TreeSet<>(served.values()),
            new TreeSet<>(served.values()).containsAll(Set.of("vireo-api", "vireo-metrics", "vireo-vrrp",
                "vireo-cluster", "vireo-balancer", "vireo-health", "vireo-scanner")));
    }

    @Test
    public void theBodyARouteDeclaresHasTheDocumentedProperties() throws Exception {
        List<String> found = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, CodeRoute> e : codeRoutes().entrySet()) {
            OpenApiDocument.Route documented = document.routes().get(e.getKey());
            Method m = e.getValue().method();
            if (documented == null) {
                continue; // the test above names it
            }
            JsonNode ok = document.jsonSchema(documented, "200");
            if (ok != null && m.getReturnType() != Response.class && m.getReturnType() != void.class) {
                shape(m.getGenericReturnType(), ok, e.getKey() + " 200", found);
                compared++;
            }
            for (Parameter p : m.getParameters()) {
                if (p.getAnnotations().length == 0) { // the request's entity, in the media type the method reads
                    JsonNode body = document.resolve(documented.operation().path("requestBody")).path("content")
                        .path(consumes(m)).path("schema");
                    if (body.isMissingNode()) {
                        found.add(e.getKey() + ": the method reads a " + p.getType().getSimpleName()
                            + " body that openapi.json does not describe");
                    } else {
                        shape(p.getParameterizedType(), body, e.getKey() + " request", found);
                        compared++;
                    }
                }
            }
        }
        assertEquals(List.of(), found);
        assertTrue("bodies compared: " + compared, compared >= 14);
    }

    /** Where the Java type and the schema part: properties by name, arrays, maps, the JSON type of each value. */
    private void shape(Type type, JsonNode schemaOrRef, String at, List<String> found) {
        JsonNode schema = document.resolve(schemaOrRef);
        if (schema.has("allOf")) { // a nullable $ref (OpenAPI 3.0 ignores a $ref's siblings): its one part's shape
            schema = document.resolve(schema.get("allOf").get(0));
        }
        Class<?> raw = raw(type);
        String expected = jsonType(raw);
        String documented = schema.path("type").asText();
        if (!expected.equals(documented)) {
            found.add(at + ": " + raw.getSimpleName() + " is a JSON " + expected + ", openapi.json says '" + documented
                + "'");
            return;
        }
        if (raw.isPrimitive() && schema.path("nullable").asBoolean()) {
            found.add(at + ": a " + raw + " is never null, openapi.json says nullable");
        }
        if (raw.isRecord()) {
            Set<String> components = new TreeSet<>();
            for (RecordComponent c : raw.getRecordComponents()) {
                components.add(c.getName());
            }
            Set<String> properties = new TreeSet<>();
            schema.path("properties").fieldNames().forEachRemaining(properties::add);
            if (!components.equals(properties)) {
                found.add(at + ": " + raw.getName() + " has " + components + ", openapi.json " + properties);
                return;
            }
            for (RecordComponent c : raw.getRecordComponents()) {
                shape(c.getGenericType(), schema.get("properties").get(c.getName()), at + "." + c.getName(), found);
            }
        } else if (Collection.class.isAssignableFrom(raw)) {
            shape(argument(type, 0), schema.get("items"), at + "[]", found);
        } else if (Map.class.isAssignableFrom(raw)) {
            shape(argument(type, 1), schema.get("additionalProperties"), at + "{}", found);
        }
    }

    /** The media type of the body the method reads: its {@code @Consumes}, else the class's, else JSON. */
    private static String consumes(Method m) {
        Consumes c = m.getAnnotation(Consumes.class);
        if (c == null) {
            c = m.getDeclaringClass().getAnnotation(Consumes.class);
        }
        return c == null ? MediaType.APPLICATION_JSON : c.value()[0];
    }

    private static String jsonType(Class<?> raw) {
        if (raw == Object.class) {
            return ""; // any JSON value: the schema names no single type (a configuration's property values)
        }
        if (raw.isRecord() || Map.class.isAssignableFrom(raw)) {
            return "object";
        }
        if (Collection.class.isAssignableFrom(raw)) {
            return "array";
        }
        if (raw == String.class || raw.isEnum()) {
            return "string";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return "boolean";
        }
        if (Set.of(int.class, long.class, short.class, Integer.class, Long.class, Short.class).contains(raw)) {
            return "integer";
        }
        if (Set.of(double.class, float.class, Double.class, Float.class).contains(raw)) {
            return "number";
        }
        return "a " + raw.getName() + " (unknown to this test)";
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static Type argument(Type type, int i) {
        return ((ParameterizedType) type).getActualTypeArguments()[i];
    }

    /** A difference with the resource class that serves its route, if one does. */
    private static String where(Map<String, CodeRoute> code, String difference) {
        return code.entrySet().stream().filter(e -> difference.startsWith(e.getKey() + " "))
            .map(e -> " [" + e.getValue().method().getDeclaringClass().getName() + "." + e.getValue().method().getName()
                + "]").findFirst().orElse("");
    }

    /**
     * Every resource method of the Vireo bundles on this test's class path, by route key: its path as the
     * whiteboard's DTO writes it ("/" + the class's path + the method's, normalized).
     */
    private Map<String, CodeRoute> codeRoutes() throws IOException, ClassNotFoundException {
        Map<String, CodeRoute> routes = new TreeMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path location = Path.of(entry);
            String bundle = vireoBundle(location);
            if (bundle == null) {
                continue;
            }
            for (String className : resourceClasses(location)) {
                Class<?> type = Class.forName(className, false, getClass().getClassLoader());
                javax.ws.rs.Path classPath = type.getAnnotation(javax.ws.rs.Path.class);
                if (classPath == null) {
                    continue;
                }
                for (Method m : type.getMethods()) {
                    String verb = httpMethod(m);
                    if (verb != null) {
                        javax.ws.rs.Path sub = m.getAnnotation(javax.ws.rs.Path.class);
                        String path = ("/" + classPath.value() + "/" + (sub == null ? "" : sub.value()))
                            .replaceAll("/+", "/").replaceAll("(.)/$", "$1");
                        CodeRoute previous = routes.put(OpenApiDocument.Route.key(verb, path), new CodeRoute(bundle, m));
                        assertEquals("two methods serve " + verb + " " + path, null, previous);
                    }
                }
            }
        }
        return routes;
    }

    private static String httpMethod(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod verb = a.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }

    /** The Vireo bundle a class path entry is (vireo-vrrp for Bundle-SymbolicName org.vireo.vireo-vrrp), else null. */
    private static String vireoBundle(Path location) throws IOException {
        Manifest manifest;
        if (Files.isDirectory(location)) {
            Path file = location.resolve("META-INF/MANIFEST.MF");
            if (!Files.exists(file)) {
                return null;
            }
            try (InputStream in = Files.newInputStream(file)) {
                manifest = new Manifest(in);
            }
        } else if (location.toString().endsWith(".jar") && Files.exists(location)) {
            try (JarFile jar = new JarFile(location.toFile())) {
                manifest = jar.getManifest();
            }
        } else {
            return null;
        }
        String name = manifest == null ? null : manifest.getMainAttributes().getValue("Bundle-SymbolicName");
        return name != null && name.startsWith("org.vireo.") ? name.substring("org.vireo.".length()).split(";")[0]
            : null;
    }

    /**
     * The classes of a jar or folder whose bytes name javax.ws.rs.Path: the candidates, so that only they are loaded
     * (loading every class of a bundle would need every library it uses).
     */
    private static List<String> resourceClasses(Path location) throws IOException {
        List<String> classes = new ArrayList<>();
        if (Files.isDirectory(location)) {
            try (Stream<Path> files = Files.walk(location)) {
                for (Path f : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                    if (namesPath(Files.readAllBytes(f))) {
                        classes.add(className(location.relativize(f).toString()));
                    }
                }
            }
            return classes;
        }
        try (JarFile jar = new JarFile(location.toFile())) {
            for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
                JarEntry e = entries.nextElement();
                if (e.getName().endsWith(".class")) {
                    try (InputStream in = jar.getInputStream(e)) {
                        if (namesPath(in.readAllBytes())) {
                            classes.add(className(e.getName()));
                        }
                    }
                }
            }
        }
        return classes;
    }

    private static boolean namesPath(byte[] classFile) {
        return new String(classFile, StandardCharsets.ISO_8859_1).contains("Ljavax/ws/rs/Path;");
    }

    private static String className(String file) {
        return file.substring(0, file.length() - ".class".length()).replace(File.separatorChar, '.').replace('/', '.');
    }
}
