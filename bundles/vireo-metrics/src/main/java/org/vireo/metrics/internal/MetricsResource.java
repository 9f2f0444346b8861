package org.vireo.metrics.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.ws.rs.GET;
import javax.ws.rs.HttpMethod;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.StreamingOutput;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsApplicationSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.vireo.api.Access;
import org.vireo.api.AccessPolicy;
import org.vireo.api.ApiRoutes;

/**
 * {@code GET /api/v1/metrics} (and {@code /metrics}, see {@link MetricsRedirect}): every collector present on this node (each role has some) and the JVM's own metrics
 * (client_java's, in a registry of this component, not the library's static default one), in Prometheus's text
 * format. A collector that fails is left out of that scrape and logged; the others are still served.
 */
@Component(service = MetricsResource.class)
@JaxrsResource
@JaxrsApplicationSelect(ApiRoutes.SELECT)
@Path(MetricsResource.PATH)
public class MetricsResource implements AccessPolicy {

    static final String PATH = "metrics";
    private static final Logger LOG = LoggerFactory.getLogger(MetricsResource.class);

    private final List<VireoCollector> collectors = new CopyOnWriteArrayList<>();
    private final PrometheusRegistry jvm = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    /** Guarded by itself: concurrent scrapes build their snapshots one at a time. */
    private final LabelSets labelSets = new LabelSets();

    @Reference
    private MetricsAccess access;

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void addCollector(VireoCollector collector) {
        collectors.add(collector);
    }

    void removeCollector(VireoCollector collector) {
        collectors.remove(collector);
    }

    @Activate
    void activate() {
        JvmMetrics.builder().register(jvm);
    }

    @Override
    public Access need(String method) {
        if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method)) {
            return Access.ADMIN; // no such route: the refusal of a login comes first, then 405
        }
        return access.loginRequired() ? Access.VIEWER : Access.NONE;
    }

    @GET
    @Produces("text/plain")
    public Response scrape() {
        MetricSnapshots snapshots = snapshots();
        StreamingOutput body = (OutputStream out) -> write(out, snapshots);
        return Response.ok(body).type(PrometheusTextFormatWriter.CONTENT_TYPE).build();
    }

    private void write(OutputStream out, MetricSnapshots snapshots) throws IOException {
        writer.write(out, snapshots, EscapingScheme.DEFAULT);
    }

    /** What every collector says now, then the JVM's families. */
    MetricSnapshots snapshots() {
        MetricSnapshots.Builder all = MetricSnapshots.builder();
        for (MetricSnapshot s : vireoSnapshots()) {
            all.metricSnapshot(s);
        }
        for (MetricSnapshot s : jvm.scrape()) {
            all.metricSnapshot(s);
        }
        return all.build();
    }

    private MetricSnapshots vireoSnapshots() {
        synchronized (labelSets) {
            Families families = new Families(labelSets);
            for (VireoCollector c : collectors) {
                Families own = new Families(labelSets);
                try {
                    c.collect(own);
                    families.addAll(own);
                } catch (RuntimeException e) {
                    LOG.warn("metrics: {} failed, left out of this scrape", c.getClass().getSimpleName(), e);
                }
            }
            MetricSnapshots snapshots = families.snapshots();
            labelSets.scrapeDone();
            return snapshots;
        }
    }
}
