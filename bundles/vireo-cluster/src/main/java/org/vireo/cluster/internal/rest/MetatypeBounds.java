package org.vireo.cluster.internal.rest;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The {@code min} and {@code max} of each attribute of a metatype object class, read from the bundle's metatype XML
 * ({@code OSGI-INF/metatype/*.xml}, which the annotations' {@code min}/{@code max} become): the MetaType service
 * checks values against them but its API has no getter for them.
 */
final class MetatypeBounds {

    /** One attribute's bounds as the XML writes them; null where it sets none. */
    record Bounds(String min, String max) {
    }

    private MetatypeBounds() {
    }

    /**
     * The bounds of the attributes of object class {@code ocd} in one metatype XML document; empty when it does not
     * define that class.
     *
     * @throws IOException for a document that is not XML (a DTD is refused: nothing outside it is read)
     */
    static Map<String, Bounds> read(InputStream xml, String ocd) throws IOException {
        Map<String, Bounds> out = new HashMap<>();
        NodeList classes;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            classes = factory.newDocumentBuilder().parse(xml).getElementsByTagName("OCD");
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("metatype XML: " + e.getMessage(), e);
        }
        for (int i = 0; i < classes.getLength(); i++) {
            Element c = (Element) classes.item(i);
            if (!ocd.equals(c.getAttribute("id"))) {
                continue;
            }
            NodeList attributes = c.getElementsByTagName("AD");
            for (int a = 0; a < attributes.getLength(); a++) {
                Element ad = (Element) attributes.item(a);
                out.put(ad.getAttribute("id"), new Bounds(attribute(ad, "min"), attribute(ad, "max")));
            }
        }
        return out;
    }

    private static String attribute(Element e, String name) {
        return e.hasAttribute(name) ? e.getAttribute(name) : null;
    }
}
