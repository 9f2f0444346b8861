package org.vireo.cluster.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class MetatypeBoundsTest {

    /** As bnd writes the metatype of an annotated interface. */
    private static final String XML = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<metatype:MetaData xmlns:metatype=\"http://www.osgi.org/xmlns/metatype/v1.2.0\">\n"
        + "  <OCD id=\"org.vireo.events.internal.EventsConfig\" name=\"Vireo event log\">\n"
        + "    <AD id=\"history\" type=\"Integer\" name=\"History\" min=\"10\" max=\"100000\" default=\"1000\"/>\n"
        + "    <AD id=\"label\" type=\"String\" name=\"Label\" default=\"\"/>\n"
        + "  </OCD>\n"
        + "  <OCD id=\"other\" name=\"Other\"><AD id=\"history\" type=\"Integer\" min=\"1\"/></OCD>\n"
        + "  <Designate pid=\"org.vireo.events\"><Object ocdref=\"org.vireo.events.internal.EventsConfig\"/></Designate>\n"
        + "</metatype:MetaData>\n";

    @Test
    void theBoundsOfEachAttributeOfTheObjectClassAsked() throws IOException {
        var bounds = MetatypeBounds.read(new ByteArrayInputStream(XML.getBytes(StandardCharsets.UTF_8)),
            "org.vireo.events.internal.EventsConfig");

        assertThat(bounds).containsEntry("history", new MetatypeBounds.Bounds("10", "100000"))
            .containsEntry("label", new MetatypeBounds.Bounds(null, null)).hasSize(2);
    }

    @Test
    void aDocumentWithADtdIsRefused_soNothingOutsideItIsRead() {
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE m [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><m>&x;</m>";

        assertThatThrownBy(() -> MetatypeBounds.read(new ByteArrayInputStream(xxe.getBytes(StandardCharsets.UTF_8)),
            "any")).isInstanceOf(IOException.class);
    }
}
