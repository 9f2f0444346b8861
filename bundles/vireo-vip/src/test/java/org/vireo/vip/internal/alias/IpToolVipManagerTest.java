package org.vireo.vip.internal.alias;

import java.util.List;

import org.vireo.vip.VipManager;

/** The real {@code ip} tool, run in the test's namespace. */
class IpToolVipManagerTest extends VipManagerContract {

    @Override
    protected VipManager managerIn(String ns) {
        return new IpToolVipManager(List.of("ip", "netns", "exec", ns));
    }
}
