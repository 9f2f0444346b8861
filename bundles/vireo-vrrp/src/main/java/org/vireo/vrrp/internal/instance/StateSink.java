package org.vireo.vrrp.internal.instance;

import java.util.concurrent.CompletionStage;

import org.vireo.vrrp.VrrpState;

/** Where an instance reports what it became: the VIP listeners and EventAdmin at run time. */
interface StateSink {

    /**
     * Called on the scheduler thread, in order, before the instance goes on.
     *
     * @return on becoming MASTER, the claim of the addresses (see VrrpStateListener#becameMaster); else ignored
     */
    CompletionStage<Void> stateChanged(String instanceName, VrrpState previous, VrrpState current, boolean acceptMode);
}
