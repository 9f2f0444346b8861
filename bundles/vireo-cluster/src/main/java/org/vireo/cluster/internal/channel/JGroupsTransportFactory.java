package org.vireo.cluster.internal.channel;

import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.vireo.cluster.internal.node.TransportFactory;

/** Opens the JGroups channel with this node's TLS credentials, as {@code org.vireo.cluster} says. */
@Component(service = TransportFactory.class)
public class JGroupsTransportFactory implements TransportFactory {

    @Override
    public Started open(Map<String, ?> config, String node, ClusterTransport.Listener listener) {
        ChannelSettings settings = ChannelSettings.parse(config, System.getProperty("karaf.etc"));
        if (!settings.enabled()) {
            return null;
        }
        JGroupsTransport transport = new JGroupsTransport(node, settings, listener);
        return new Started(transport, settings.clusterName(), transport::start);
    }
}
