package org.vireo.snmp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

class AnswersTest {

    private final MibSnapshot mib = new MibSnapshot(new TreeMap<>(java.util.Map.<OID, Variable>of(
        new OID("1.3.6.1.2.1.207.1.1.1.1.6.1.51.1"), new Integer32(3),
        new OID("1.3.6.1.2.1.207.1.1.1.1.6.1.52.1"), new Integer32(2),
        new OID("1.3.6.1.2.1.207.1.1.1.1.7.1.51.1"), new Integer32(150))),
        new java.util.TreeSet<>(List.of(new OID("1.3.6.1.2.1.207.1.1.1.1.6"), new OID("1.3.6.1.2.1.207.1.1.1.1.7"))));

    private static PDU request(int type, String... oids) {
        PDU pdu = new PDU();
        pdu.setType(type);
        pdu.setRequestID(new Integer32(77));
        for (String oid : oids) {
            pdu.add(new VariableBinding(new OID(oid)));
        }
        return pdu;
    }

    private static List<String> bindings(PDU response) {
        return response.getVariableBindings().stream().map(VariableBinding::toString).toList();
    }

    @Test
    void get_aValue_aMissingInstance_anUnknownObject() {
        PDU response = Answers.answer(request(PDU.GET, "1.3.6.1.2.1.207.1.1.1.1.6.1.51.1",
            "1.3.6.1.2.1.207.1.1.1.1.6.1.99.1", "1.3.6.1.2.1.207.1.1.1.1.5.1.51.1"), mib);

        assertThat(response.getType()).isEqualTo(PDU.RESPONSE);
        assertThat(response.getRequestID().getValue()).isEqualTo(77);
        assertThat(response.getVariableBindings()).extracting(VariableBinding::getVariable)
            .containsExactly(new Integer32(3), Null.noSuchInstance, Null.noSuchObject);
    }

    @Test
    void getNext_inOidOrder_thenEndOfMibView() {
        PDU response = Answers.answer(request(PDU.GETNEXT, "1.3.6.1.2.1.207", "1.3.6.1.2.1.207.1.1.1.1.7.1.51.1"),
            mib);

        assertThat(bindings(response)).containsExactly("1.3.6.1.2.1.207.1.1.1.1.6.1.51.1 = 3",
            "1.3.6.1.2.1.207.1.1.1.1.7.1.51.1 = endOfMibView");
    }

    @Test
    void getBulk_nonRepeatersOnce_theOthersRepeated_untilAllEnd() {
        PDU bulk = request(PDU.GETBULK, "1.3.6.1.2.1.207.1.1.1.1.7", "1.3.6.1.2.1.207");
        bulk.setNonRepeaters(1);
        bulk.setMaxRepetitions(10);

        assertThat(bindings(Answers.answer(bulk, mib))).containsExactly(
            "1.3.6.1.2.1.207.1.1.1.1.7.1.51.1 = 150",
            "1.3.6.1.2.1.207.1.1.1.1.6.1.51.1 = 3", "1.3.6.1.2.1.207.1.1.1.1.6.1.52.1 = 2",
            "1.3.6.1.2.1.207.1.1.1.1.7.1.51.1 = 150", "1.3.6.1.2.1.207.1.1.1.1.7.1.51.1 = endOfMibView");
    }

    @Test
    void set_isRefusedAsNotWritable() {
        PDU set = request(PDU.SET, "1.3.6.1.2.1.207.1.1.1.1.7.1.51.1");

        PDU response = Answers.answer(set, mib);

        assertThat(response.getErrorStatus()).isEqualTo(PDU.notWritable);
        assertThat(response.getErrorIndex()).isEqualTo(1);
        assertThat(mib.values().get(new OID("1.3.6.1.2.1.207.1.1.1.1.7.1.51.1"))).isEqualTo(new Integer32(150));
    }
}
