package org.vireo.health.internal.track;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/**
 * Metatype of the factory PID {@code org.vireo.health.track}: one VRRP instance's tracking (docs/tracking.md).
 * TrackOptions' parse takes each key's name and default from here; TrackMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(name = "Vireo health tracking",
    description = "Turns the health of monitors and interfaces into a VRRP instance's effective priority.")
public @interface TrackConfig {

    @AttributeDefinition(name = "VRRP instance",
        description = "The name of the VRRP instance (org.vireo.vrrp.instance) whose priority this sets; one tracked"
            + " group per instance.")
    String instance();

    @AttributeDefinition(name = "Mode", description = "How the monitors count (any case).", options = {
        @Option(label = "NONE: EP = BP", value = "NONE"),
        @Option(label = "ALL: BP if every monitor is up, else 0", value = "ALL"),
        @Option(label = "ONE: BP if at least one monitor is up, else 0", value = "ONE"),
        @Option(label = "PROGRESSIVE: floor(BP(N-K)/N), at least 1 while one is up", value = "PROGRESSIVE")})
    String mode() default "NONE";

    @AttributeDefinition(name = "Monitors",
        description = "Names of the monitors (org.vireo.health.monitor) to track; one not configured counts as down.")
    String[] monitors() default {};

    @AttributeDefinition(name = "Interfaces",
        description = "Interfaces to track, each NAME or NAME:WEIGHT; a down one subtracts its weight (1-254).")
    String[] interfaces() default {};

    @AttributeDefinition(name = "Interface weight",
        description = "What an interface given without a weight subtracts while down, 1-254.")
    int interfaceWeight() default 10;

    @AttributeDefinition(name = "Interface check (ms)", description = "How often the interfaces are read, >= 100.")
    int interfaceCheckMillis() default 1000;
}
