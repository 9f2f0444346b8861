package org.vireo.cluster.internal.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.ObjectClassDefinition;

/**
 * {@code GET /api/v1/config/<pid>/schema}: what a PID's metatype says of it, attribute by attribute.
 *
 * @param pid         the PID asked for
 * @param factoryPid  the factory PID whose metatype it is, for a factory configuration ({@code <factory>~<name>}) or
 *                    the factory PID itself; null for a singleton PID
 * @param name        the object class's name
 * @param description what it configures
 * @param attributes  its attributes, required ones first, as the metatype lists them
 */
public record SchemaView(String pid, String factoryPid, String name, String description, List<Attribute> attributes) {

    /**
     * One attribute.
     *
     * @param type        {@code String}, {@code Integer}, {@code Long}, {@code Boolean}, {@code Password}, ...
     * @param cardinality 0: one value; n: at most n values in an array, -n: in a list (MetaType's own)
     * @param required    whether the metatype lists it as required
     * @param defaults    its default values; null when it has none
     * @param options     the values it takes, with their labels; null when any value of its type goes
     * @param min         its minimum (a number, or a length for text); null when none is set
     * @param max         its maximum; null when none is set
     */
    public record Attribute(String id, String name, String description, String type, int cardinality,
                            boolean required, List<String> defaults, List<Option> options, String min, String max) {
    }

    /** One value an attribute takes, and its label. */
    public record Option(String value, String label) {
    }

    static SchemaView of(String pid, String factoryPid, ObjectClassDefinition ocd,
                         Map<String, MetatypeBounds.Bounds> bounds) {
        List<Attribute> out = new ArrayList<>();
        add(out, ocd.getAttributeDefinitions(ObjectClassDefinition.REQUIRED), true, bounds);
        add(out, ocd.getAttributeDefinitions(ObjectClassDefinition.OPTIONAL), false, bounds);
        return new SchemaView(pid, factoryPid, ocd.getName(), ocd.getDescription(), out);
    }

    private static void add(List<Attribute> out, AttributeDefinition[] ads, boolean required,
                            Map<String, MetatypeBounds.Bounds> bounds) {
        for (AttributeDefinition ad : ads == null ? new AttributeDefinition[0] : ads) {
            MetatypeBounds.Bounds b = bounds.getOrDefault(ad.getID(), new MetatypeBounds.Bounds(null, null));
            out.add(new Attribute(ad.getID(), ad.getName(), ad.getDescription(), type(ad.getType()),
                ad.getCardinality(), required, ad.getDefaultValue() == null ? null : List.of(ad.getDefaultValue()),
                options(ad), b.min(), b.max()));
        }
    }

    private static List<Option> options(AttributeDefinition ad) {
        String[] values = ad.getOptionValues();
        if (values == null || values.length == 0) { // Felix's MetaType gives none as an empty array
            return null;
        }
        String[] labels = ad.getOptionLabels();
        List<Option> out = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            out.add(new Option(values[i], labels != null && i < labels.length ? labels[i] : values[i]));
        }
        return out;
    }

    static String type(int type) {
        return switch (type) {
            case AttributeDefinition.STRING -> "String";
            case AttributeDefinition.LONG -> "Long";
            case AttributeDefinition.INTEGER -> "Integer";
            case AttributeDefinition.SHORT -> "Short";
            case AttributeDefinition.CHARACTER -> "Character";
            case AttributeDefinition.BYTE -> "Byte";
            case AttributeDefinition.DOUBLE -> "Double";
            case AttributeDefinition.FLOAT -> "Float";
            case AttributeDefinition.BIGINTEGER -> "BigInteger";
            case AttributeDefinition.BIGDECIMAL -> "BigDecimal";
            case AttributeDefinition.BOOLEAN -> "Boolean";
            case AttributeDefinition.PASSWORD -> "Password";
            default -> "type " + type;
        };
    }
}
