package org.vireo.itests;

import org.junit.After;
import org.junit.Before;

/** A lab of its own for each test of a class: up before, down (logs kept) after. */
abstract class LabTestSupport {

    protected Lab lab;
    private final String prefix;
    private final int nodes;

    /** @param prefix the lab's name prefix (2-3 letters); {@code nodes}: how many appliance namespaces */
    protected LabTestSupport(String prefix, int nodes) {
        this.prefix = prefix;
        this.nodes = nodes;
    }

    @Before
    public void labUp() throws Exception {
        lab = new Lab(prefix, nodes);
    }

    @After
    public void labDown() throws Exception {
        lab.close();
    }

    /** Waits until {@code vip} is on {@code owner} and not on {@code other}. */
    protected void awaitVipMoved(String vip, String owner, String other) throws Exception {
        lab.awaitAddress(owner, vip, true, 5);
        lab.awaitAddress(other, vip, false, 5);
    }
}
