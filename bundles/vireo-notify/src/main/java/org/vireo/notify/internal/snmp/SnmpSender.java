package org.vireo.notify.internal.snmp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.time.Clock;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.ToIntFunction;

import org.snmp4j.CommunityTarget;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.PDU;
import org.snmp4j.ScopedPDU;
import org.snmp4j.Snmp;
import org.snmp4j.Target;
import org.snmp4j.UserTarget;
import org.snmp4j.event.ResponseEvent;
import org.snmp4j.mp.MPv2c;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.security.SecurityLevel;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.smi.VariableBinding;
import org.snmp4j.transport.DefaultUdpTransportMapping;
import org.vireo.events.NodeEvent;
import org.vireo.notify.internal.Retries;
import org.vireo.notify.internal.Retries.Attempt;
import org.vireo.notify.internal.Sender;
import org.vireo.notify.snmp.SnmpEngines;

/**
 * An SNMP sink's sending: a trap (one datagram, unanswered) or an inform (sent again until the manager answers, at
 * most {@code retries} more times), SNMPv2c or SNMPv3 authPriv, over one UDP socket of its own. Its SNMP engine
 * (message processing, USM) is its own too: SNMP4J's static defaults would mix the users and engine IDs of every
 * sink and of the agent in one JVM-wide table.
 */
final class SnmpSender implements Sender {

    /** The wait before an unanswered inform is sent again; it doubles. */
    static final long RETRY_DELAY_MILLIS = 100;

    private final SnmpOptions options;
    private final LongSupplier uptimeCentis;
    private final ToIntFunction<String> ifIndex;
    private final Clock clock;
    /** Opened at the first event, closed with the sender. */
    private Snmp snmp;

    SnmpSender(SnmpOptions options) {
        this(options, () -> ManagementFactory.getRuntimeMXBean().getUptime() / 10, SnmpSender::ifIndex,
            Clock.systemUTC());
    }

    /**
     * @param uptimeCentis sysUpTime: the node's process, hundredths of a second
     * @param ifIndex      an interface's ifIndex by its name, 0 if it has none
     * @param clock        for the engine's boots (v3)
     */
    SnmpSender(SnmpOptions options, LongSupplier uptimeCentis, ToIntFunction<String> ifIndex, Clock clock) {
        this.options = options;
        this.uptimeCentis = uptimeCentis;
        this.ifIndex = ifIndex;
        this.clock = clock;
    }

    @Override
    public String target() {
        return options.target();
    }

    @Override
    public boolean takes(NodeEvent event) {
        return SnmpNotifications.notifies(event);
    }

    @Override
    public Outcome send(NodeEvent event, String node, BooleanSupplier stopping) {
        List<VariableBinding> bindings = SnmpNotifications.of(event, uptimeCentis.getAsLong(), ifIndex);
        try {
            Target<UdpAddress> target = target(new UdpAddress(InetAddress.getByName(options.host()), options.port()));
            PDU pdu = options.v3() ? new ScopedPDU() : new PDU();
            pdu.setType(options.inform() ? PDU.INFORM : PDU.TRAP);
            pdu.addAll(bindings);
            if (!options.inform()) {
                session().send(pdu, target);
                return new Outcome(true, "trap sent to " + target.getAddress());
            }
            return Retries.run(options.retries(), RETRY_DELAY_MILLIS, stopping, () -> inform(pdu, target));
        } catch (IOException e) {
            return new Outcome(false, "failed: " + e); // an unresolved host, no route, no socket
        }
    }

    private Attempt inform(PDU pdu, Target<UdpAddress> target) {
        try {
            ResponseEvent<UdpAddress> answer = session().send(pdu, target);
            PDU response = answer == null ? null : answer.getResponse();
            if (response == null) {
                return Attempt.retryable("no answer from " + target.getAddress() + " within "
                    + options.timeoutMillis() + " ms");
            }
            if (response.getType() == PDU.REPORT) { // v3: an unknown user, a wrong key, a time window
                return Attempt.failed("refused by " + target.getAddress() + ": report " + response.getVariableBindings());
            }
            if (response.getErrorStatus() != PDU.noError) {
                return Attempt.failed("refused by " + target.getAddress() + ": " + response.getErrorStatusText());
            }
            return Attempt.done("inform answered by " + target.getAddress());
        } catch (IOException e) {
            return Attempt.retryable("failed: " + e);
        }
    }

    private Target<UdpAddress> target(UdpAddress address) {
        Target<UdpAddress> target;
        if (options.v3()) {
            target = new UserTarget<>(address, new OctetString(options.user().name()), new byte[0],
                SecurityLevel.AUTH_PRIV);
            target.setVersion(SnmpConstants.version3);
        } else {
            target = new CommunityTarget<>(address, new OctetString(options.community()));
            target.setVersion(SnmpConstants.version2c);
        }
        target.setTimeout(options.timeoutMillis());
        target.setRetries(0); // Retries does them, with a delay and an ear for the sink's stop
        return target;
    }

    private Snmp session() throws IOException {
        if (snmp == null) {
            MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
            dispatcher.addMessageProcessingModel(options.v3()
                ? SnmpEngines.mpv3(options.engineId(), options.user(), clock.instant()) : new MPv2c());
            Snmp opened = new Snmp(dispatcher, new DefaultUdpTransportMapping());
            opened.listen(); // informs: their answers come back to this socket
            snmp = opened;
        }
        return snmp;
    }

    /** The ifIndex of the interface named {@code name}; 0 if there is none now. */
    static int ifIndex(String name) {
        try {
            NetworkInterface found = name.isEmpty() ? null : NetworkInterface.getByName(name);
            return found == null ? 0 : Math.max(0, found.getIndex());
        } catch (SocketException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        if (snmp != null) {
            try {
                snmp.close();
            } catch (IOException e) {
                // closing the socket: nothing to add
            }
        }
    }
}
