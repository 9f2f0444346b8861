package org.vireo.cluster.internal.probe;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.MemberCalls;
import org.vireo.cluster.MemberProbes;
import org.vireo.node.NodeIdentity;

/** {@link MemberProbes}: this node's prober answers the members' requests, and its own. */
@Component(service = MemberProbes.class, immediate = true)
public class ProbeComponent implements MemberProbes {

    static final String TOPIC = "vireo.probe";
    /** Probes running here at once, for whoever asked: a member's mistake must not make this node a flooder. */
    static final int MAX_RUNNING = 2;
    /** What a call waits beyond the probe's own duration and timeout: the channel's and the reply's time. */
    private static final Duration SLACK = Duration.ofSeconds(10);
    private static final Logger LOG = LoggerFactory.getLogger(ProbeComponent.class);

    @Reference
    MemberCalls calls;
    @Reference
    NodeIdentity identity;

    private final Semaphore running = new Semaphore(MAX_RUNNING);
    private AutoCloseable answering;

    @Activate
    void activate() {
        answering = calls.answer(TOPIC, bytes -> runHere(ProbeCodec.request(bytes)).thenApply(ProbeCodec::encode));
    }

    @Deactivate
    void deactivate() throws Exception {
        answering.close();
    }

    @Override
    public CompletableFuture<Result> probe(String member, Request request) {
        if (member.equals(identity.name())) {
            return runHere(request);
        }
        return calls.call(member, TOPIC, ProbeCodec.encode(request), request.duration().plus(request.timeout())
            .plus(SLACK)).thenApply(ProbeCodec::result);
    }

    private CompletableFuture<Result> runHere(Request request) {
        if (!running.tryAcquire()) {
            return CompletableFuture.failedFuture(new IllegalStateException(identity.name() + " runs "
                + MAX_RUNNING + " probes already; try again when one has ended"));
        }
        LOG.info("probe of {} for {} ms, an attempt every {} ms", request.target(), request.duration().toMillis(),
            request.interval().toMillis());
        return Prober.run(identity.name(), request, Attempts::run, System::nanoTime)
            .whenComplete((r, e) -> running.release());
    }
}
