package org.vireo.notify.snmp;

import java.time.Instant;

import org.snmp4j.mp.CounterSupport;
import org.snmp4j.mp.MPv3;
import org.snmp4j.security.SecurityModels;
import org.snmp4j.security.SecurityProtocols;
import org.snmp4j.security.USM;
import org.snmp4j.smi.OctetString;

/**
 * SNMPv3 message processing for one SNMP session of this node (a sink's, the agent's): its own USM with its one user,
 * never SNMP4J's static defaults ({@code SecurityModels.getInstance()}), which would mix the users and engine IDs of
 * every session in the JVM.
 */
public final class SnmpEngines {

    private SnmpEngines() {
    }

    /**
     * @param engine this node's engine ID: the authoritative one of its traps and of its agent's answers
     * @param now    the start, for engineBoots ({@link EngineId#boots})
     */
    public static MPv3 mpv3(EngineId engine, V3User user, Instant now) {
        SecurityProtocols protocols = new SecurityProtocols(SecurityProtocols.SecurityProtocolSet.maxCompatibility);
        USM usm = new USM(protocols, new OctetString(engine.bytes()), EngineId.boots(now));
        usm.addUser(new OctetString(user.name()), user.toUsmUser());
        SecurityModels models = new SecurityModels();
        models.addSecurityModel(usm);
        MPv3 mpv3 = new MPv3(engine.bytes(), null, protocols, models, CounterSupport.getInstance());
        // SNMP4J 3.9.6 seeds msgID with the boots' low 16 bits shifted into the high ones: a boots count with bit 15
        // set makes it negative, and receivers drop such messages (RFC 3412: msgID is 0..2^31-1; snmptrapd: "bad msgID")
        mpv3.setCurrentMsgID(MPv3.randomMsgID(usm.getEngineBoots()) & Integer.MAX_VALUE);
        return mpv3;
    }
}
