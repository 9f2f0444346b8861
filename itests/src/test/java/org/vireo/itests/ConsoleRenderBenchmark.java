package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chromium.HasCdp;
import org.openqa.selenium.remote.Augmenter;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 21's "first render under one second on loopback", measured (a benchmark, not part of the test command: its
 * name is no *IT). One node (a scanner, with the API and the console); Debian's headless Chromium runs in the node's
 * own namespace, so the page comes from the node's HTTPS listener over the loopback device. For each of
 * {@value #LOADS} loads, with the browser's cache emptied first (DevTools' Network.clearBrowserCache: every file
 * fetched again, as on a first visit): the login page's first contentful paint (Paint Timing), and, logged in, the
 * time from the navigation's start until the overview shows the node (its box drawn from /api/v1 data). Prints
 * lines starting {@code ConsoleRenderBenchmark:} for docs/benchmarks.md.
 *
 * <p>Run: {@code mvn -o -B verify -pl itests -Dit.test=ConsoleRenderBenchmark} (after {@code mvn -o -B install
 * -DskipTests}).
 */
public class ConsoleRenderBenchmark extends LabTestSupport {

    private static final int LOADS = 30;

    /** In the page: milliseconds from the navigation's start until the overview shows a node's box. */
    private static final String AWAIT_OVERVIEW = """
        const done = arguments[arguments.length - 1];
        const check = () => {
          if (document.querySelector('li.node[data-node]')) {
            done(performance.now());
            return true;
          }
          return false;
        };
        if (!check()) {
          new MutationObserver((records, observer) => { if (check()) observer.disconnect(); })
            .observe(document.body, {childList: true, subtree: true});
        }
        """;

    public ConsoleRenderBenchmark() {
        super("cr", 1);
    }

    @Test
    public void firstRenderOnLoopback() throws Exception {
        lab.vireo("n1", "--role", "scanner");
        lab.awaitLog("n1", "management API: HTTPS on " + Lab.ip("n1").replace(".", "\\.") + ":8443", 120);
        String password = Files.readString(adminPasswordFile("n1")).trim();
        awaitApi("n1", apiCertificate("n1"), "node", "-u", "admin:" + password);
        String url = "https://" + Lab.ip("n1") + ":8443/console/";

        try (LabBrowser browser = LabBrowser.open(lab, "n1", 1280, 800)) {
            WebDriver page = browser.driver();
            HasCdp devTools = (HasCdp) new Augmenter().augment(page);
            WebDriverWait wait = new WebDriverWait(page, Duration.ofSeconds(30), Duration.ofMillis(20));
            List<Double> login = new ArrayList<>();
            List<Double> overview = new ArrayList<>();
            long bytes = 0;
            for (int i = 0; i < LOADS; i++) {
                emptyCacheThenOpen(page, devTools, url);
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("user")));
                List<?> figures = (List<?>) wait.until(d -> browser.script("""
                    const paint = performance.getEntriesByName('first-contentful-paint')[0];
                    const mine = performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))
                      .filter(r => new URL(r.name).pathname.startsWith('/console/'));
                    return paint ? [paint.startTime, mine.reduce((n, r) => n + r.transferSize, 0)] : null;
                    """));
                login.add(((Number) figures.get(0)).doubleValue());
                bytes = ((Number) figures.get(1)).longValue();
            }
            page.findElement(By.id("user")).sendKeys("admin");
            page.findElement(By.id("password")).sendKeys(password);
            page.findElement(By.cssSelector("form.login button")).click();
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("li.node[data-node]")));
            for (int i = 0; i < LOADS; i++) {
                // logged in (the session cookie stays): from the navigation's start to the node's box
                emptyCacheThenOpen(page, devTools, url + "index.html#/overview");
                overview.add(((Number) ((org.openqa.selenium.JavascriptExecutor) page)
                    .executeAsyncScript(AWAIT_OVERVIEW)).doubleValue());
            }
            assertEquals(LOADS, overview.size());
            assertTrue("the files came over the wire, not from a cache: " + bytes + " bytes", bytes > 10_000);
            System.out.println("ConsoleRenderBenchmark: " + LOADS + " loads with an empty cache, " + bytes
                + " bytes transferred each; login page first contentful paint " + summary(login)
                + "; overview showing the node " + summary(overview));
        }
    }

    /** A first visit's load: from a blank page, nothing of the console in the browser's cache. */
    private static void emptyCacheThenOpen(WebDriver page, HasCdp devTools, String url) {
        page.get("about:blank");
        devTools.executeCdpCommand("Network.clearBrowserCache", Map.of());
        page.get(url);
    }

    /** Median, 90th percentile and maximum, in milliseconds. */
    private static String summary(List<Double> ms) {
        List<Double> sorted = ms.stream().sorted().toList();
        return String.format(java.util.Locale.ROOT, "median %.0f ms, p90 %.0f ms, max %.0f ms",
            sorted.get(sorted.size() / 2), sorted.get((int) Math.ceil(sorted.size() * 0.9) - 1),
            sorted.get(sorted.size() - 1));
    }
}
