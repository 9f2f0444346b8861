package org.vireo.console.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * What the console's files must hold to, read from the files the bundle serves: data from the data plane is only ever
 * text (no API of the page that turns a string into markup or code), everything runs under the Content-Security-Policy
 * {@link ConsoleHeaders} sends (no inline script, style or handler), nothing is loaded from outside the node
 * (appliances are often offline), every file a page names is there, and the whole stays under 400 KB.
 */
class ConsoleAssetsTest {

    private static final Path ROOT = Path.of("src/main/resources/console");
    private static final long MAX_BYTES = 400 * 1024;
    private static final String SVG_NAMESPACE = "http://www.w3.org/2000/svg";

    private static Map<String, String> files(String... suffixes) throws IOException {
        Map<String, String> found = new TreeMap<>();
        try (Stream<Path> all = Files.walk(ROOT)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String name = ROOT.relativize(p).toString();
                for (String suffix : suffixes) {
                    if (name.endsWith(suffix)) {
                        found.put(name, Files.readString(p));
                    }
                }
            }
        }
        return found;
    }

    @Test
    void noScriptTurnsAStringIntoMarkupOrCode() throws IOException {
        Pattern sinks = Pattern.compile("innerHTML|outerHTML|insertAdjacentHTML|document\\.write|\\beval\\s*\\("
            + "|new\\s+Function|setTimeout\\s*\\(\\s*['\"`]|setInterval\\s*\\(\\s*['\"`]|\\.srcdoc");
        Map<String, String> scripts = files(".js");
        assertThat(scripts).isNotEmpty();
        scripts.forEach((name, text) -> assertThat(sinks.matcher(text).find()).as(name).isFalse());
    }

    @Test
    void thePagesNeedNoInlineScriptStyleOrHandler() throws IOException {
        Pattern inline = Pattern.compile("<script(?![^>]*\\bsrc=)[^>]*>|<style|\\sstyle=|\\son[a-z]+=",
            Pattern.CASE_INSENSITIVE);
        Map<String, String> pages = files(".html");
        assertThat(pages).containsKey("index.html");
        pages.forEach((name, text) -> assertThat(inline.matcher(text).find()).as(name).isFalse());
        assertThat(ConsoleHeaders.POLICY).doesNotContain("unsafe-inline").doesNotContain("unsafe-eval")
            .contains("default-src 'none'").contains("frame-ancestors 'none'");
    }

    @Test
    void nothingIsLoadedFromOutsideTheNode() throws IOException {
        Pattern outside = Pattern.compile("(https?:)?//[a-z0-9.-]+\\.[a-z]{2,}|url\\(\\s*['\"]?(https?:|//)",
            Pattern.CASE_INSENSITIVE);
        files(".html", ".js", ".css").forEach((name, text) -> {
            // SVG's namespace name is a name, never fetched (createElementNS)
            Matcher m = outside.matcher(text.replace("'" + SVG_NAMESPACE + "'", "''"));
            assertThat(m.find()).as(name + (m.hitEnd() ? "" : ": " + safeGroup(m))).isFalse();
        });
    }

    private static String safeGroup(Matcher m) {
        try {
            return m.group();
        } catch (IllegalStateException none) {
            return "";
        }
    }

    @Test
    void everyFileAPageOrModuleNamesIsThere() throws IOException {
        List<String> missing = new ArrayList<>();
        Pattern html = Pattern.compile("(?:src|href)=\"([^\"#:]+)\"");
        files(".html").forEach((name, text) -> {
            Matcher m = html.matcher(text);
            while (m.find()) {
                if (!Files.isRegularFile(ROOT.resolve(name).resolveSibling(m.group(1)))) {
                    missing.add(name + " -> " + m.group(1));
                }
            }
        });
        Pattern imports = Pattern.compile("from\\s+'(\\./[^']+)'");
        files(".js").forEach((name, text) -> {
            Matcher m = imports.matcher(text);
            while (m.find()) {
                if (!Files.isRegularFile(ROOT.resolve(name).resolveSibling(m.group(1)).normalize())) {
                    missing.add(name + " -> " + m.group(1));
                }
            }
        });
        assertThat(missing).isEmpty();
    }

    @Test
    void theWholeConsoleWeighsUnder400KB() throws IOException {
        long bytes;
        try (Stream<Path> all = Files.walk(ROOT)) {
            bytes = all.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        assertThat(bytes).isLessThan(MAX_BYTES);
    }
}
