package org.vireo.scanner.internal.ftp;

import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.text;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;

import io.netty.util.NetUtil;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;

/**
 * How the FTP proxy runs.
 *
 * @param listenAddress        where the control port and the passive data ports listen
 * @param port                 the control port (0: any free port, for tests)
 * @param passiveFirst         the first port of the passive range handed to clients; 0: none (PASV and EPSV are
 *                             refused, PORT and EPRT work)
 * @param passiveLast          its last port (inclusive); 0 with the first
 * @param loginTimeoutMillis   a client must be logged in this long after it connected, else the session ends
 * @param idleTimeoutMillis    a session with no command and no transfer for this long ends
 * @param dataTimeoutMillis    a data connection must be made, and a transfer must move, within this
 * @param connectTimeoutMillis a connect to the origin (control or data) that takes longer failed
 */
public record FtpOptions(InetAddress listenAddress, int port, int passiveFirst, int passiveLast,
                         int loginTimeoutMillis, int idleTimeoutMillis, int dataTimeoutMillis,
                         int connectTimeoutMillis) {

    public static final String PID = "org.vireo.scanner.ftp";

    static final Setting<String> LISTEN_ADDRESS = Setting.of(FtpConfig.class, FtpConfig::listenAddress);
    static final Setting<Integer> PORT = Setting.of(FtpConfig.class, FtpConfig::port);
    static final Setting<Integer> LOGIN_TIMEOUT = Setting.of(FtpConfig.class, FtpConfig::loginTimeoutSeconds);
    static final Setting<Integer> IDLE_TIMEOUT = Setting.of(FtpConfig.class, FtpConfig::idleTimeoutSeconds);
    static final Setting<Integer> DATA_TIMEOUT = Setting.of(FtpConfig.class, FtpConfig::dataTimeoutSeconds);
    static final Setting<Integer> CONNECT_TIMEOUT = Setting.of(FtpConfig.class, FtpConfig::connectTimeoutMillis);

    public FtpOptions {
        boolean none = passiveFirst == 0 && passiveLast == 0;
        if (!none && (passiveFirst < 1 || passiveLast > 65_535 || passiveFirst > passiveLast)) {
            throw new IllegalArgumentException("passive ports " + passiveFirst + "-" + passiveLast
                + ": expected <first>-<last> within 1-65535");
        }
    }

    /**
     * The options of a configuration of {@value #PID}, with the balancer's passive ports.
     *
     * @param passive the balancer's {@code ftpPassivePorts}, in order; empty: none
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static FtpOptions parse(Map<String, ?> config, List<Integer> passive) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String listen = text(raw, LISTEN_ADDRESS);
        InetAddress address = NetUtil.createInetAddressFromIpAddressString(listen);
        if (address == null) {
            errors.add(LISTEN_ADDRESS + " = '" + listen + "': expected an IPv4 or IPv6 address literal (0.0.0.0: all)");
        }
        int port = integer(raw, PORT, 0, 65_535, "1-65535 (0: off)", errors);
        int login = integer(raw, LOGIN_TIMEOUT, 1, 3600, errors);
        int idle = integer(raw, IDLE_TIMEOUT, 1, 86_400, errors);
        int data = integer(raw, DATA_TIMEOUT, 1, 3600, errors);
        int connect = integer(raw, CONNECT_TIMEOUT, 10, 600_000, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new FtpOptions(address, port, passive.isEmpty() ? 0 : passive.get(0),
            passive.isEmpty() ? 0 : passive.get(passive.size() - 1), login * 1000, idle * 1000, data * 1000, connect);
    }

    /** Whether clients may ask for passive data connections: the balancer names ports for them. */
    public boolean passive() {
        return passiveFirst > 0;
    }
}
