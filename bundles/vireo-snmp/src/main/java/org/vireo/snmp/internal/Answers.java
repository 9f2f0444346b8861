package org.vireo.snmp.internal;

import java.util.ArrayList;
import java.util.List;

import org.snmp4j.PDU;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.VariableBinding;

/**
 * The answer to a request, over a {@link MibSnapshot}, as RFC 3416 4.2 says: GET, GETNEXT and GETBULK read; SET is
 * refused with notWritable (every object here is read-only: the agent reports, the configuration is elsewhere). Pure.
 */
final class Answers {

    /** Bindings in one GETBULK answer at most, whatever it asks: a reply fits in a datagram's worth of bytes. */
    static final int MAX_BULK_BINDINGS = 200;

    private Answers() {
    }

    /** The response PDU (same request ID, context) for {@code request}; null for a PDU that is not a request. */
    static PDU answer(PDU request, MibSnapshot mib) {
        List<VariableBinding> asked = List.copyOf(request.getVariableBindings());
        List<VariableBinding> bindings;
        int status = PDU.noError;
        switch (request.getType()) {
            case PDU.GET -> bindings = asked.stream().map(vb -> mib.get(vb.getOid())).toList();
            case PDU.GETNEXT -> bindings = asked.stream().map(vb -> mib.next(vb.getOid())).toList();
            case PDU.GETBULK -> bindings = bulk(asked, request.getNonRepeaters(), request.getMaxRepetitions(), mib);
            case PDU.SET -> {
                bindings = asked;
                status = PDU.notWritable;
            }
            default -> {
                return null;
            }
        }
        PDU response = (PDU) request.clone();
        response.setType(PDU.RESPONSE);
        response.setErrorStatus(status);
        response.setErrorIndex(status == PDU.noError ? 0 : 1);
        response.setVariableBindings(bindings);
        return response;
    }

    /**
     * GETBULK (RFC 3416 4.2.3): a GETNEXT for each of the first {@code nonRepeaters}, then up to
     * {@code maxRepetitions} rounds of GETNEXT over the others, each from the last one's answer, ending early once a
     * round is all endOfMibView.
     */
    static List<VariableBinding> bulk(List<? extends VariableBinding> asked, int nonRepeaters, int maxRepetitions,
                                      MibSnapshot mib) {
        int n = Math.min(Math.max(0, nonRepeaters), asked.size());
        List<VariableBinding> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(mib.next(asked.get(i).getOid()));
        }
        List<VariableBinding> last = new ArrayList<>(asked.subList(n, asked.size()));
        for (int round = 0; round < Math.max(0, maxRepetitions) && !last.isEmpty(); round++) {
            boolean allEnded = true;
            for (int j = 0; j < last.size(); j++) {
                VariableBinding next = mib.next(last.get(j).getOid());
                allEnded &= Null.endOfMibView.equals(next.getVariable());
                last.set(j, next);
                out.add(next);
            }
            if (allEnded || out.size() + last.size() > MAX_BULK_BINDINGS) {
                break;
            }
        }
        return out;
    }
}
