package org.vireo.itests;

import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * A real headless Chromium (Debian's, with its chromedriver) in one of the lab's namespaces, driven from this JVM
 * through WebDriver. The browser must be where the lab's addresses are, and this JVM cannot reach that namespace's
 * loopback, where chromedriver listens: a Unix socket can, since the file system is shared, so socat relays
 * chromedriver's port to a socket in the namespace and a loopback port of this namespace to that socket.
 */
final class LabBrowser implements AutoCloseable {

    /** Inside the member's own namespace, which nothing else uses: a fixed port does not collide. */
    private static final int DRIVER_PORT = 9515;

    private final Process relay;
    private final RemoteWebDriver driver;
    private final Path shots;

    private LabBrowser(Process relay, RemoteWebDriver driver, Path shots) {
        this.relay = relay;
        this.driver = driver;
        this.shots = shots;
    }

    /** Opens a browser in {@code member}'s namespace, {@code width} × {@code height}, trusting any certificate. */
    static LabBrowser open(Lab lab, String member, int width, int height) throws Exception {
        Path dir = Files.createTempDirectory("vireo-browser");
        Path socket = dir.resolve("webdriver.sock");
        lab.run(30, "spawn", member, dir.resolve("chromedriver.log").toString(), "chromedriver",
            "--port=" + DRIVER_PORT);
        lab.run(30, "spawn", member, dir.resolve("socat-in.log").toString(), "socat",
            "UNIX-LISTEN:" + socket + ",fork", "TCP:127.0.0.1:" + DRIVER_PORT);
        String port = ReservedPorts.next();
        Process relay = new ProcessBuilder("socat", "TCP-LISTEN:" + port + ",bind=127.0.0.1,reuseaddr,fork",
            "UNIX-CONNECT:" + socket).redirectErrorStream(true).redirectOutput(dir.resolve("socat-out.log").toFile())
            .start();
        try {
            URL url = new URL("http://127.0.0.1:" + port);
            awaitDriver(new URL(url, "/status"), dir);
            ChromeOptions options = new ChromeOptions();
            options.setBinary("/usr/bin/chromium");
            // the nodes' API certificate is self-signed (ApiHttpsLabIT checks it with curl); root needs no sandbox
            options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--ignore-certificate-errors", "--window-size=" + width + "," + height);
            RemoteWebDriver driver = new RemoteWebDriver(url, options);
            driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
            Path shots = Files.createDirectories(Path.of("target", "console-shots"));
            return new LabBrowser(relay, driver, shots);
        } catch (Exception | AssertionError e) {
            relay.destroy();
            throw e;
        }
    }

    private static void awaitDriver(URL status, Path dir) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                HttpURLConnection c = (HttpURLConnection) status.openConnection();
                c.setConnectTimeout(1000);
                c.setReadTimeout(2000);
                if (c.getResponseCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // the relay or chromedriver is not listening yet
            }
            assertTrue("chromedriver did not answer within 30 s; its log: "
                + Files.readString(dir.resolve("chromedriver.log")), System.nanoTime() < end);
            Thread.sleep(100);
        }
    }

    WebDriver driver() {
        return driver;
    }

    /** Saves what the browser shows as target/console-shots/NAME.png, for a person to look at. */
    Path screenshot(String name) throws IOException {
        Path file = shots.resolve(name + ".png");
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        return file;
    }

    /** Runs {@code script} in the page and returns what it returns. */
    Object script(String script, Object... args) {
        return driver.executeScript(script, args);
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            relay.destroy(); // the processes in the namespace go with the lab
        }
    }
}
