package org.vireo.scanner.internal.rules;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.vireo.cluster.DocumentValidator;

/**
 * Checks a change of the rules file or of a list made on this node before config sync sends it to the cluster: a
 * file this node's scanner would refuse is refused for every node, with the same messages.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=file:vireo/*", service = DocumentValidator.class)
public class RulesValidator implements DocumentValidator {

    private static final int MESSAGES_SHOWN = 5;

    @Reference
    RulesComponent rules;

    private final RulesLoader loader = new RulesLoader(Clock.systemUTC());

    @Override
    public Optional<String> problem(String document, byte[] content) {
        String etc = System.getProperty("karaf.etc");
        if (etc == null || !document.startsWith("file:")) {
            return Optional.empty();
        }
        Path file = Path.of(etc).resolve(document.substring("file:".length())).toAbsolutePath().normalize();
        Path rulesFile = rules.current().source().toAbsolutePath().normalize();
        List<String> errors;
        if (file.equals(rulesFile)) {
            errors = loader.problems(rulesFile, content);
        } else if (file.getFileName().toString().endsWith(".txt") && file.startsWith(rulesFile.getParent())) {
            errors = new ArrayList<>();
            try {
                DomainListReader.read(rulesFile.getParent().relativize(file).toString(),
                    new ByteArrayInputStream(content), errors);
            } catch (IOException e) {
                errors.add(e.getMessage());
            }
        } else {
            return Optional.empty();
        }
        if (errors.isEmpty()) {
            return Optional.empty();
        }
        String shown = String.join("; ", errors.subList(0, Math.min(MESSAGES_SHOWN, errors.size())));
        return Optional.of(errors.size() > MESSAGES_SHOWN ? shown + "; and " + (errors.size() - MESSAGES_SHOWN)
            + " more" : shown);
    }
}
