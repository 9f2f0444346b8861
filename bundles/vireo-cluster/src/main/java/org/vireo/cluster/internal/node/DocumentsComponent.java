package org.vireo.cluster.internal.node;

import java.util.List;
import java.util.Optional;

import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.vireo.cluster.DocumentException;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocument;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.docs.ConfigAdminDocuments;
import org.vireo.cluster.internal.docs.DocumentPatterns;
import org.vireo.cluster.internal.docs.LocalVersions;

/** {@link VersionedDocuments} as a service: {@link DocumentService} on this node's cluster and ConfigurationAdmin. */
@Component(service = VersionedDocuments.class)
public class DocumentsComponent implements VersionedDocuments {

    @Reference
    SyncDocuments cluster;
    @Reference
    ConfigurationAdmin configurationAdmin;

    private DocumentService service;

    @Activate
    void activate() {
        // no patterns: this one reads and writes the PIDs it is given, which the service chooses
        service = new DocumentService(cluster, new ConfigAdminDocuments(configurationAdmin,
            new DocumentPatterns(List.of(), List.of())), LocalVersions.random());
    }

    @Override
    public List<VersionedDocument> configurations() throws DocumentException {
        return service.configurations();
    }

    @Override
    public Optional<VersionedDocument> read(String id) throws DocumentException {
        return service.read(id);
    }

    @Override
    public VersionedDocument write(String id, byte[] content, Optional<String> expectedVersion)
        throws DocumentException {
        return service.write(id, content, expectedVersion);
    }

    @Override
    public Resolution resolve(DocumentVersion keep) throws DocumentException {
        return service.resolve(keep);
    }
}
