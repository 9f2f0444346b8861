package org.vireo.metrics.internal;

/**
 * One part of a node measured for a scrape: a service of this bundle for each source (VRRP, the balancer, the
 * proxy, ...), present only while its source is. Its families are its own: no two collectors write one name.
 */
public interface VireoCollector {

    /** Adds this part's families, read from its source now. */
    void collect(Families families);
}
