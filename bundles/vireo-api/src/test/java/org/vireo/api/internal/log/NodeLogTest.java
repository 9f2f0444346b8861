package org.vireo.api.internal.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ops4j.pax.logging.spi.PaxLevel;
import org.ops4j.pax.logging.spi.PaxLocationInfo;
import org.ops4j.pax.logging.spi.PaxLoggingEvent;

class NodeLogTest {

    /** Pax Logging's syslog equivalents: log4j's ERROR and FATAL 3, WARN 4, INFO 6, DEBUG and TRACE 7. */
    private static final int ERROR = 3;
    private static final int WARN = 4;
    private static final int INFO = 6;

    private final NodeLog log = new NodeLog();

    @Test
    void warningsAndErrorsAreKept_withWhoLoggedThem_lessSevereLinesAreNot() {
        log.doAppend(event(INFO, "started", null));
        log.doAppend(event(WARN, "scanner 10.0.0.21:3128 down", null));
        log.doAppend(event(ERROR, "cannot bind", new String[] {"java.net.BindException: Address already in use",
            "\tat sun.nio.ch.Net.bind0(Native Method)"}));

        assertThat(log.read(LogLevel.WARN, -1, 100)).containsExactly(
            new LogLine(1, "2026-12-04T14:47:44.016Z", "WARN", "org.vireo.balancer.x", "vireo-io-1", "org.vireo.balancer",
                "scanner 10.0.0.21:3128 down", null),
            new LogLine(2, "2026-12-04T14:47:44.016Z", "ERROR", "org.vireo.balancer.x", "vireo-io-1",
                "org.vireo.balancer", "cannot bind", "java.net.BindException: Address already in use"));
        assertThat(log.last()).isEqualTo(2);
    }

    @Test
    void aReaderOfErrorsSeesNoWarnings() {
        log.doAppend(event(WARN, "w", null));
        log.doAppend(event(ERROR, "e", null));

        assertThat(log.read(LogLevel.ERROR, -1, 100)).extracting(LogLine::message)
            .containsExactly("e");
    }

    @Test
    void theLogHoldsTheNewestThousandLines() {
        for (int i = 1; i <= NodeLog.CAPACITY + 5; i++) {
            log.doAppend(event(WARN, "w" + i, null));
        }

        assertThat(log.read(LogLevel.WARN, 0, 1000)).hasSize(NodeLog.CAPACITY)
            .first().extracting(LogLine::message).isEqualTo("w6");
    }

    @Test
    void aLongMessageIsCut_andABundlePaxLoggingDoesNotKnowIsNull() {
        LogLine line = LogLine.of(9, 0, LogLevel.WARN, "l", "t", Map.of(),
            "m".repeat(5000), new String[0]);

        assertThat(line.message()).hasSize(LogLine.MAX_MESSAGE + 3).endsWith("...");
        assertThat(line.bundle()).isNull();
        assertThat(line.exception()).isNull();
        assertThat(line.time()).isEqualTo("1970-01-01T00:00:00.000Z");
    }

    @Test
    void aReaderAsksForWarnOrError_inAnyCase_warnByDefault() {
        assertThat(LogLevel.parse(null)).isEqualTo(LogLevel.WARN);
        assertThat(LogLevel.parse("Error"))
            .isEqualTo(LogLevel.ERROR);
        assertThatThrownBy(() -> LogLevel.parse("info"))
            .hasMessage("level = 'info': expected warn (warnings and errors) or error");
    }

    private static PaxLoggingEvent event(int syslog, String message, String[] throwable) {
        return new PaxLoggingEvent() {
            @Override
            public PaxLocationInfo getLocationInformation() {
                return null;
            }

            @Override
            public PaxLevel getLevel() {
                return level(syslog);
            }

            @Override
            public String getLoggerName() {
                return "org.vireo.balancer.x";
            }

            @Override
            public String getFQNOfLoggerClass() {
                return null;
            }

            @Override
            public String getMessage() {
                return message;
            }

            @Override
            public String getRenderedMessage() {
                return message;
            }

            @Override
            public String getThreadName() {
                return "vireo-io-1";
            }

            @Override
            public String[] getThrowableStrRep() {
                return throwable;
            }

            @Override
            public boolean locationInformationExists() {
                return false;
            }

            @Override
            public long getTimeStamp() {
                return 1796395664016L;
            }

            @Override
            public Map<String, Object> getProperties() {
                return Map.of("bundle.name", "org.vireo.balancer", "bundle.id", 61L);
            }
        };
    }

    private static PaxLevel level(int syslog) {
        return new PaxLevel() {
            @Override
            public boolean isGreaterOrEqual(PaxLevel other) {
                return syslog <= other.getSyslogEquivalent();
            }

            @Override
            public org.osgi.service.log.LogLevel toLevel() {
                return null;
            }

            @Override
            public int getSyslogEquivalent() {
                return syslog;
            }
        };
    }
}
