package org.vireo.cluster.internal.node;

import org.osgi.service.cm.ConfigurationEvent;
import org.osgi.service.cm.ConfigurationListener;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.vireo.cluster.internal.docs.DocumentPatterns;

/**
 * Hands every configuration change (shell, console, an edited {@code .cfg} file, the API) to config sync, which
 * decides whether it is a replicated document and whether it changed (its own writes read back unchanged).
 */
@Component(service = ConfigurationListener.class, immediate = true)
public class ConfigEvents implements ConfigurationListener {

    @Reference
    ClusterAdmin cluster;

    @Override
    public void configurationEvent(ConfigurationEvent event) {
        cluster.localChanged(DocumentPatterns.PID_PREFIX + event.getPid());
    }
}
