package org.vireo.cluster.internal.rest;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.osgi.framework.Bundle;
import org.osgi.service.metatype.MetaTypeInformation;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.service.metatype.ObjectClassDefinition;

/** A PID's metatype, from the MetaType service, looked up in the bundle that designates it. */
final class Metatypes {

    private Metatypes() {
    }

    /**
     * The schema of {@code pid} (of its factory PID for {@code <factory>~<name>}); empty when no installed bundle
     * gives it a metatype.
     */
    static Optional<SchemaView> schema(MetaTypeService metaTypes, Bundle[] bundles, String pid) throws IOException {
        int tilde = pid.indexOf('~');
        String factory = tilde < 0 ? pid : pid.substring(0, tilde);
        for (Bundle b : bundles) {
            MetaTypeInformation info = metaTypes.getMetaTypeInformation(b);
            if (info == null) {
                continue;
            }
            boolean singleton = tilde < 0 && Arrays.asList(info.getPids()).contains(pid);
            if (singleton || Arrays.asList(info.getFactoryPids()).contains(factory)) {
                ObjectClassDefinition ocd = info.getObjectClassDefinition(singleton ? pid : factory, null);
                return Optional.of(SchemaView.of(pid, singleton ? null : factory, ocd, bounds(b, ocd.getID())));
            }
        }
        return Optional.empty();
    }

    private static Map<String, MetatypeBounds.Bounds> bounds(Bundle b, String ocd) throws IOException {
        Map<String, MetatypeBounds.Bounds> out = new HashMap<>();
        Enumeration<URL> files = b.findEntries("OSGI-INF/metatype", "*.xml", false);
        while (files != null && files.hasMoreElements()) {
            try (InputStream in = files.nextElement().openStream()) {
                out.putAll(MetatypeBounds.read(in, ocd));
            }
        }
        return out;
    }
}
