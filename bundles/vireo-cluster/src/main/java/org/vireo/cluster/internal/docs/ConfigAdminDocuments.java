package org.vireo.cluster.internal.docs;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.vireo.config.ConfigurationText;

/**
 * The {@code pid:} documents: configurations in ConfigurationAdmin (Karaf writes them to and reads them from
 * {@code etc/<pid>.cfg}), replicated ones for config sync and node-local ones for the management API. A factory
 * configuration's PID is {@code <factoryPid>~<name>}, as Karaf names the one of {@code etc/<factoryPid>-<name>.cfg}.
 */
public final class ConfigAdminDocuments implements Configurations {

    /** The file of etc/ a configuration came from, as Karaf's file install names it. */
    static final String FILEINSTALL_FILENAME = "felix.fileinstall.filename";

    private final ConfigurationAdmin admin;
    private final DocumentPatterns patterns;

    public ConfigAdminDocuments(ConfigurationAdmin admin, DocumentPatterns patterns) {
        this.admin = admin;
        this.patterns = patterns;
    }

    Set<String> present() throws IOException {
        Set<String> out = new TreeSet<>(all());
        out.removeIf(pid -> !patterns.replicatedPid(pid));
        return out;
    }

    @Override
    public Set<String> all() throws IOException {
        Set<String> out = new TreeSet<>();
        for (Configuration c : list(null)) {
            if (c.getProperties() != null) {
                out.add(c.getPid());
            }
        }
        return out;
    }

    @Override
    public Optional<byte[]> read(String pid) throws IOException {
        Configuration[] found = list(pidFilter(pid));
        if (found.length == 0 || found[0].getProperties() == null) {
            return Optional.empty();
        }
        return Optional.of(ConfigurationText.encode(found[0].getProperties()));
    }

    @Override
    public void write(String pid, byte[] content) throws IOException {
        Dictionary<String, Object> properties = ConfigurationText.decode(content);
        Configuration configuration = configuration(pid);
        Dictionary<String, Object> current = configuration.getProperties();
        Object file = current == null ? null : current.get(FILEINSTALL_FILENAME);
        if (file != null) {
            // Karaf writes a configuration back to etc/ only into the file it names: without it the file would keep
            // the old text, which Karaf reads again at the next start, and this node would send it as an edit
            properties.put(FILEINSTALL_FILENAME, file);
        }
        configuration.updateIfDifferent(properties);
    }

    void delete(String pid) throws IOException {
        Configuration[] found = list(pidFilter(pid));
        if (found.length > 0) {
            found[0].delete();
        }
    }

    /** An LDAP filter for exactly this PID: '*', '(', ')' and '\\' escaped, so a PID is never a pattern. */
    static String pidFilter(String pid) {
        StringBuilder out = new StringBuilder("(service.pid=");
        for (char c : pid.toCharArray()) {
            if (c == '*' || c == '(' || c == ')' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.append(')').toString();
    }

    private Configuration configuration(String pid) throws IOException {
        int tilde = pid.indexOf('~');
        // "?": not bound to this bundle's location, so the owning bundle receives it
        return tilde < 0 ? admin.getConfiguration(pid, "?")
            : admin.getFactoryConfiguration(pid.substring(0, tilde), pid.substring(tilde + 1), "?");
    }

    private Configuration[] list(String filter) throws IOException {
        try {
            Configuration[] found = admin.listConfigurations(filter);
            return found == null ? new Configuration[0] : found;
        } catch (InvalidSyntaxException e) {
            throw new IOException("PID " + filter + " cannot be looked up: " + e.getMessage(), e);
        }
    }
}
