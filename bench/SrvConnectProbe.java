import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import org.vireo.srv.Resolution;
import org.vireo.srv.SrvConnector;
import org.vireo.srv.SrvResolver;

/**
 * bench/srv-stagger.sh's in-JVM probe (a single-file program: java -cp vireo-srv-*-client.jar SrvConnectProbe.java):
 * the resolve and connect of the tool's connect command, timed inside one JVM, so that the JVM's start (a second
 * or more on a loaded machine) does not blur differences of 100 ms. The modes are interleaved round-robin after
 * one uncounted round.
 *
 * Arguments: dns-ip dns-port timeout-ms runs mode... where a mode is name=stagger-ms (e.g. bench.test=250).
 * Output: mode, run, resolve ms, connect ms (to the 2xx), the winning URL; tab-separated, one line per run.
 */
public final class SrvConnectProbe {
    public static void main(String[] args) throws Exception {
        InetSocketAddress dns = new InetSocketAddress(args[0], Integer.parseInt(args[1]));
        Duration timeout = Duration.ofMillis(Integer.parseInt(args[2]));
        int runs = Integer.parseInt(args[3]);
        List<String> modes = List.of(args).subList(4, args.length);
        // the same settings as the tool's connect (org.vireo.srv.cli.Main): one retry, TCP fallback
        SrvResolver resolver = new SrvResolver(new SrvResolver.Settings(List.of(dns), timeout, 1, true,
            "_vireo-proxy._tcp", 443), new SplittableRandom());
        for (int run = 0; run <= runs; run++) {
            for (String mode : modes) {
                String name = mode.substring(0, mode.indexOf('='));
                long stagger = Long.parseLong(mode.substring(mode.indexOf('=') + 1));
                SrvConnector connector = SrvConnector.standard(new SrvConnector.Settings("http", "/", timeout,
                    timeout.multipliedBy(5), Duration.ofMillis(stagger)));
                long t0 = System.nanoTime();
                Resolution r = resolver.resolve(name);
                long t1 = System.nanoTime();
                if (!(r instanceof Resolution.Candidates c)) {
                    throw new IllegalStateException(mode + ": " + r);
                }
                SrvConnector.Result result = connector.connect(c);
                long t2 = System.nanoTime();
                String won = result.endpoint().orElseThrow(() -> new IllegalStateException(mode + ": " + result));
                if (run > 0) { // round 0 loads and compiles the code paths
                    System.out.printf("%s\t%d\t%.1f\t%.1f\t%s%n", mode, run, (t1 - t0) / 1e6, (t2 - t1) / 1e6, won);
                }
            }
        }
    }
}
