package org.vireo.scanner.internal.ftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** The reply a refused call answers with; fails the test when the call is not refused. */
final class Refusals {

    private Refusals() {
    }

    static FtpReply refusal(ThrowingCallable call) {
        FtpRefusal refusal = catchThrowableOfType(FtpRefusal.class, call);
        assertThat(refusal).as("a refusal").isNotNull();
        return refusal.reply();
    }

    static int refusalCode(ThrowingCallable call) {
        return refusal(call).code();
    }
}
