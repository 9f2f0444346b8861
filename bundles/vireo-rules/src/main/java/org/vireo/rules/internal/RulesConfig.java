package org.vireo.rules.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the PID {@code org.vireo.scanner.rules}: where the rules file is. */
@ObjectClassDefinition(name = "Vireo web security rules",
    description = "The rules file the scanner applies (see docs/rules.md); its lists are found next to it.")
public @interface RulesConfig {

    @AttributeDefinition(name = "Rules file",
        description = "Absolute path of the rules file; empty: ${karaf.etc}/vireo/rules.conf. ${karaf.etc} is "
            + "replaced by Karaf's etc folder.")
    String file() default "${karaf.etc}/vireo/rules.conf";
}
