package org.vireo.vrrp.internal.instance;

import org.vireo.vrrp.VrrpState;

/** Where an instance reports what it became: the VIP listeners and EventAdmin at run time. */
interface StateSink {

    /** Called on the scheduler thread, in order, before the instance goes on. */
    void stateChanged(String instanceName, VrrpState previous, VrrpState current, boolean acceptMode);
}
