package org.vireo.health.internal.monitor;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import javax.net.ssl.SSLException;

/** Says what a failed connection saw, in the operator's words ("connection refused", "no such host"). */
final class Failures {

    private Failures() {
    }

    static String describe(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        for (Throwable c = t; c != null; c = c.getCause()) { // HttpClient wraps the socket's exception
            if (c instanceof UnknownHostException || c instanceof UnresolvedAddressException) {
                return "no such host";
            }
            if (c instanceof NoRouteToHostException) {
                return "no route to host";
            }
            if (c instanceof SSLException) {
                return "TLS: " + c.getMessage();
            }
            if (c instanceof ConnectException && (c.getMessage() == null
                || c.getMessage().toLowerCase(Locale.ROOT).contains("refused"))) {
                return "connection refused";
            }
        }
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName()
            : message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
    }
}
