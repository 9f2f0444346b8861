package org.vireo.rules.internal;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.vireo.config.DocumentValidator;

/**
 * Checks a change of the rules file or of a list made on this node before config sync sends it to the cluster, and
 * a version from a peer before it is applied here: a file the rules would refuse is refused, with the same messages,
 * on every node whatever its role (this bundle is in vireo-core).
 */
@Component(property = DocumentValidator.DOCUMENTS + "=file:vireo/*", service = DocumentValidator.class)
public class RulesValidator implements DocumentValidator {

    private static final int MESSAGES_SHOWN = 5;

    @Reference
    RulesComponent rules;

    private final RulesLoader loader = new RulesLoader(Clock.systemUTC());

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return refusal(document, content).map(r -> r.summary(MESSAGES_SHOWN));
    }

    /** The same errors one per element ({@code rules.conf:3: what}), as the management API's 422 lists them. */
    @Override
    public List<String> problems(String document, byte[] content) {
        return refusal(document, content).map(r -> r.lines(MESSAGES_SHOWN)).orElse(List.of());
    }

    private Optional<RulesLoadResult.Refused> refusal(String document, byte[] content) {
        String etc = System.getProperty("karaf.etc");
        if (etc == null || !document.startsWith("file:")) {
            return Optional.empty();
        }
        Path file = Path.of(etc).resolve(document.substring("file:".length())).toAbsolutePath().normalize();
        Path rulesFile = rules.current().source().toAbsolutePath().normalize();
        Optional<RulesLoadResult.Refused> refused;
        if (file.equals(rulesFile)) {
            refused = loader.problems(rulesFile, content);
        } else if (file.getFileName().toString().endsWith(".txt") && file.startsWith(rulesFile.getParent())) {
            refused = loader.listProblems(rulesFile, file, content);
        } else {
            return Optional.empty();
        }
        return refused;
    }
}
