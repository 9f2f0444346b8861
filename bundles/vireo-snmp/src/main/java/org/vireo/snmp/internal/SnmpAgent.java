package org.vireo.snmp.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.snmp4j.CommandResponder;
import org.snmp4j.CommandResponderEvent;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.MessageException;
import org.snmp4j.PDU;
import org.snmp4j.Snmp;
import org.snmp4j.mp.MPv2c;
import org.snmp4j.mp.StatusInformation;
import org.snmp4j.security.SecurityLevel;
import org.snmp4j.security.SecurityModel;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.transport.DefaultUdpTransportMapping;
import org.vireo.notify.snmp.SnmpEngines;

/**
 * The agent on its UDP socket: SNMPv2c with the configured community and/or SNMPv3 with the configured user at
 * authPriv, each request answered from a fresh {@link MibSnapshot}. Written on SNMP4J's core (a CommandResponder)
 * rather than snmp4j-agent: the MIB here is a few read-only tables rebuilt per request, which a sorted map serves in
 * a page of code, where snmp4j-agent would bring another bundle, its managed-object framework, VACM and USM tables to
 * configure, and a persistent boot counter file for what is 30 lines of answering.
 */
final class SnmpAgent implements AutoCloseable, CommandResponder {

    private static final Logger LOG = LoggerFactory.getLogger(SnmpAgent.class);

    private final AgentOptions options;
    private final Supplier<MibSnapshot> mib;
    private final Snmp snmp;
    private final UdpAddress listening;
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();

    private SnmpAgent(AgentOptions options, Supplier<MibSnapshot> mib, Instant now) throws IOException {
        this.options = options;
        this.mib = mib;
        MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
        if (!options.community().isEmpty()) {
            dispatcher.addMessageProcessingModel(new MPv2c());
        }
        if (options.user() != null) {
            dispatcher.addMessageProcessingModel(SnmpEngines.mpv3(options.engineId(), options.user(), now));
        }
        DefaultUdpTransportMapping transport = new DefaultUdpTransportMapping(
            new UdpAddress(InetAddress.getByName(options.address()), options.port()));
        snmp = new Snmp(dispatcher, transport);
        snmp.addCommandResponder(this);
        snmp.listen();
        listening = transport.getListenAddress();
    }

    /**
     * Listens on the options' address and port (0: any free one, for tests).
     *
     * @throws IOException if it cannot (the port is taken, the address is not this node's, 161 without the right)
     */
    static SnmpAgent start(AgentOptions options, Supplier<MibSnapshot> mib, Instant now) throws IOException {
        return new SnmpAgent(options, mib, now);
    }

    UdpAddress listening() {
        return listening;
    }

    long answered() {
        return answered.get();
    }

    long refused() {
        return refused.get();
    }

    @Override
    public <A extends org.snmp4j.smi.Address> void processPdu(CommandResponderEvent<A> event) {
        PDU request = event.getPDU();
        if (request == null) {
            return;
        }
        event.setProcessed(true);
        if (!allowed(event)) {
            refused.incrementAndGet(); // RFC 3584's snmpInBadCommunityNames: dropped without an answer
            return;
        }
        PDU response = Answers.answer(request, mib.get());
        if (response == null) {
            return;
        }
        try {
            event.getMessageDispatcher().returnResponsePdu(event.getMessageProcessingModel(),
                event.getSecurityModel(), event.getSecurityName(), event.getSecurityLevel(), response,
                event.getMaxSizeResponsePDU(), event.getStateReference(), new StatusInformation());
            answered.incrementAndGet();
        } catch (MessageException e) {
            LOG.debug("SNMP agent: no answer to {}: {}", event.getPeerAddress(), e.getMessage());
        }
    }

    /** SNMPv2c with the community; SNMPv3 with the user, authenticated and encrypted (USM checked the keys). */
    private boolean allowed(CommandResponderEvent<?> event) {
        byte[] name = event.getSecurityName();
        if (event.getSecurityModel() == SecurityModel.SECURITY_MODEL_SNMPv2c) {
            return !options.community().isEmpty() && MessageDigest.isEqual(name, options.community().getBytes(StandardCharsets.US_ASCII));
        }
        return event.getSecurityModel() == SecurityModel.SECURITY_MODEL_USM && options.user() != null
            && event.getSecurityLevel() == SecurityLevel.AUTH_PRIV
            && Arrays.equals(name, options.user().name().getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public void close() {
        try {
            snmp.close();
        } catch (IOException e) {
            LOG.debug("SNMP agent: closing its socket", e);
        }
    }
}
