package org.vireo.snmp.internal;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * What the agent serves at one moment: each object instance's value in OID order, and the object types it knows
 * (columns and scalars, whether or not they have an instance now), as RFC 3416 4.2 tells missing ones apart. Immutable.
 */
record MibSnapshot(NavigableMap<OID, Variable> values, NavigableSet<OID> objects) {

    MibSnapshot {
        values = Collections.unmodifiableNavigableMap(new TreeMap<>(values));
        objects = Collections.unmodifiableNavigableSet(new TreeSet<>(objects));
    }

    /** GET: the value, else noSuchInstance under a known object type, else noSuchObject. */
    VariableBinding get(OID oid) {
        Variable value = values.get(oid);
        if (value != null) {
            return new VariableBinding(oid, value);
        }
        OID object = objects.floor(oid);
        return new VariableBinding(oid, object != null && oid.startsWith(object) ? Null.noSuchInstance
            : Null.noSuchObject);
    }

    /** GETNEXT: the first instance after {@code oid} in OID order, else endOfMibView. */
    VariableBinding next(OID oid) {
        Map.Entry<OID, Variable> next = values.higherEntry(oid);
        return next != null ? new VariableBinding(next.getKey(), next.getValue())
            : new VariableBinding(oid, Null.endOfMibView);
    }
}
