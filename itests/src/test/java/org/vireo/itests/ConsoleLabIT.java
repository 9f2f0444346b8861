package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import org.junit.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Issue 21: the web console in a real browser. Two nodes in a cluster (n1 director at priority 150, n2 backup at 100,
 * adverts every 100 ms); Debian's headless Chromium in the client's namespace opens n2's console over HTTPS, logs
 * in through the page's form and sees the overview: both nodes, vip1 with n1 its master. n1 crashes; without a reload
 * the overview shows n2 as vip1's master, with a note of the transition, within one second of n2's first advert as
 * the lab's bridge saw it (tcpdump's kernel stamps and the page's {@code Date.now()} read the host's one clock).
 * Screenshots of each step are left in target/console-shots/.
 */
public class ConsoleLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.51";
    private static final double BOUND_MS = 1000;
    private static final String MASTER_CELL = "#vip-groups tr[data-instance='vip1'] td.master";

    /** In the page: the time (Date.now()) at which vip1's master cell first names {@code arguments[0]}, kept in window. */
    private static final String WATCH_MASTER = """
        const [node, selector] = arguments;
        window.vireoMasterShown = null;
        const check = () => {
          const cell = document.querySelector(selector);
          if (window.vireoMasterShown === null && cell && cell.textContent.startsWith(node)) {
            window.vireoMasterShown = Date.now();
          }
        };
        new MutationObserver(check).observe(document.getElementById('main'), {childList: true, subtree: true,
          characterData: true});
        check();
        """;

    public ConsoleLabIT() {
        super("co", 2);
    }

    private static String consoleUrl(String node) {
        return "https://" + Lab.ip(node) + ":8443/console/";
    }

    @Test
    public void theOverviewShowsTheClusterAndAFailoverWithoutAReload() throws Exception {
        startDirectorAndBackup(VIP, 100);
        String ca = lab.cli("n1", "cluster:init-ca --name lab");
        assertTrue(ca, ca.contains("SHA-256"));
        List<String> members = List.of("n1", "n2");
        for (String n : members) {
            joinCluster(n, members, issueClusterCert("n1", n), "pw-" + n);
        }
        lab.awaitLog("n2", "cluster: view [0-9]+ \\[n[12], n[12]\\]", 120);
        String password = Files.readString(adminPasswordFile("n2")).trim();
        awaitApi("n2", apiCertificate("n2"), "node", "-u", "admin:" + password); // Jetty took its certificate

        try (LabBrowser browser = LabBrowser.open(lab, "c", 1280, 800)) {
            WebDriver page = browser.driver();
            WebDriverWait wait = new WebDriverWait(page, Duration.ofSeconds(30), Duration.ofMillis(50));
            page.get(consoleUrl("n2"));
            wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("user")));
            browser.screenshot("login");
            page.findElement(By.id("user")).sendKeys("admin");
            page.findElement(By.id("password")).sendKeys(password);
            page.findElement(By.cssSelector("form.login button")).click();

            // both nodes, n1 vip1's master; n2 knows n1's state from n1's reports, which come every second
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(MASTER_CELL), "n1"));
            wait.until(d -> d.findElements(By.cssSelector("li.node[data-node]")).size() == 2);
            assertEquals("live", page.findElement(By.id("stream")).getText());
            assertTrue(page.findElement(By.cssSelector("#vip-groups tr[data-instance='vip1'] td.backups")).getText()
                .startsWith("n2"));
            browser.screenshot("overview");

            browser.script(WATCH_MASTER, "n2", MASTER_CELL);
            java.nio.file.Path pcap = lab.file("bridge.pcap", "");
            lab.run(30, "capture", "sw", pcap.toString(), "ip proto 112");
            firstAdvertMillis(pcap, "n1"); // tcpdump is writing
            double killed = Lab.signalMillis(lab.run(60, "kill", "n1", "--cut"));
            wait.until(d -> browser.script("return window.vireoMasterShown") != null);
            double shown = ((Number) browser.script("return window.vireoMasterShown")).doubleValue();
            double advert = firstAdvertMillis(pcap, "n2");
            lab.run(30, "capture-stop", pcap.toString());
            WebElement note = page.findElement(By.id("note"));
            browser.screenshot("overview-after-failover");
            String figures = String.format(Locale.ROOT, "n2's first advert %.1f ms after n1's SIGKILL; the page showed"
                + " n2 as master %+.1f ms after that advert (bound %.0f ms); note: %s", advert - killed,
                shown - advert, BOUND_MS, note.getText());
            System.out.println("ConsoleLabIT: " + figures);
            assertTrue("the page changed before the crash: " + figures, shown > killed);
            assertTrue("the page did not show the new master within the bound of its first advert: " + figures,
                Math.abs(shown - advert) <= BOUND_MS);
            assertTrue(figures, note.getText().contains("vip1: BACKUP → MASTER"));

            page.findElement(By.linkText("Events")).click();
            wait.until(d -> d.findElements(By.cssSelector("li.event-vrrp-transition")).stream()
                .anyMatch(e -> e.getText().contains("BACKUP → MASTER")));
            browser.screenshot("events");
        }
    }
}
