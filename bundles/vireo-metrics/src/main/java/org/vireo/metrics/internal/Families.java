package org.vireo.metrics.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

import org.vireo.scanner.DurationHistogram;

/**
 * The metric families of one scrape, filled point by point: {@code counter(name, help).add(value, "label",
 * "value", ...)}. client_java's snapshot builders, fed from Vireo's own counters (which already exist for the shell:
 * the scrape reads them, nothing counts twice). A family without points is left out.
 */
final class Families {

    private final Map<String, Family> families = new LinkedHashMap<>();
    private final LabelSets labelSets;

    /** Families whose label sets come from (and stay in) {@code labelSets}, shared between scrapes. */
    Families(LabelSets labelSets) {
        this.labelSets = labelSets;
    }

    /** Families with label sets of their own (one collection). */
    Families() {
        this(new LabelSets());
    }

    /** A counter; client_java's writer adds {@code _total} to the name. */
    Family counter(String name, String help) {
        return family(name, help, Kind.COUNTER);
    }

    Family gauge(String name, String help) {
        return family(name, help, Kind.GAUGE);
    }

    /** A histogram of {@link DurationHistogram}s, one per label set. */
    Family histogram(String name, String help) {
        return family(name, help, Kind.HISTOGRAM);
    }

    private Family family(String name, String help, Kind kind) {
        Family f = families.get(name);
        if (f == null) { // not computeIfAbsent: its lambda would be made for each of a scrape's thousands of points
            f = new Family(name, help, kind, labelSets);
            families.put(name, f);
        } else if (f.kind != kind) {
            throw new IllegalStateException(name + " is a " + f.kind + ", not a " + kind);
        }
        return f;
    }

    /** Takes the families of another collection (one collector's, filled apart so that a failure loses only it). */
    void addAll(Families other) {
        for (Family f : other.families.values()) {
            if (families.putIfAbsent(f.name, f) != null) {
                throw new IllegalStateException("two collectors write " + f.name);
            }
        }
    }

    MetricSnapshots snapshots() {
        MetricSnapshots.Builder all = MetricSnapshots.builder();
        for (Family f : families.values()) {
            if (!f.points.isEmpty()) {
                all.metricSnapshot(f.snapshot());
            }
        }
        return all.build();
    }

    private enum Kind { COUNTER, GAUGE, HISTOGRAM }

    private record Point(Labels labels, double value, DurationHistogram histogram) {
    }

    static final class Family {

        private final String name;
        private final String help;
        private final Kind kind;
        private final List<Point> points = new ArrayList<>();
        private final LabelSets labelSets;

        private Family(String name, String help, Kind kind, LabelSets labelSets) {
            this.name = name;
            this.help = help;
            this.kind = kind;
            this.labelSets = labelSets;
        }

        /** One point with these label names and values, in pairs. */
        Family add(double value, String... labels) {
            points.add(new Point(labelSets.of(labels), value, null));
            return this;
        }

        Family add(boolean value, String... labels) {
            return add(value ? 1 : 0, labels);
        }

        Family add(DurationHistogram histogram, String... labels) {
            points.add(new Point(labelSets.of(labels), 0, histogram));
            return this;
        }

        private MetricSnapshot snapshot() {
            return switch (kind) {
                case COUNTER -> counter();
                case GAUGE -> gauge();
                case HISTOGRAM -> histogram();
            };
        }

        private MetricSnapshot counter() {
            CounterSnapshot.Builder b = CounterSnapshot.builder().name(name).help(help);
            for (Point p : points) {
                b.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(p.labels()).value(p.value())
                    .build());
            }
            return b.build();
        }

        private MetricSnapshot gauge() {
            GaugeSnapshot.Builder b = GaugeSnapshot.builder().name(name).help(help);
            for (Point p : points) {
                b.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(p.labels()).value(p.value())
                    .build());
            }
            return b.build();
        }

        private MetricSnapshot histogram() {
            HistogramSnapshot.Builder b = HistogramSnapshot.builder().name(name).help(help);
            for (Point p : points) {
                DurationHistogram h = p.histogram();
                int n = h.upperBoundsSeconds().size();
                double[] bounds = new double[n + 1];
                long[] counts = new long[n + 1];
                for (int i = 0; i < n; i++) {
                    bounds[i] = h.upperBoundsSeconds().get(i);
                    counts[i] = h.counts().get(i);
                }
                bounds[n] = Double.POSITIVE_INFINITY;
                counts[n] = h.counts().get(n);
                b.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(p.labels())
                    .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, counts)).sum(h.sumSeconds()).build());
            }
            return b.build();
        }
    }
}
