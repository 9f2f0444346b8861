package org.vireo.vrrp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Whiteboard service told, synchronously and in order, when an instance of this node takes or leaves
 * mastership: the VIP manager claims and announces the virtual addresses on {@link #becameMaster} and
 * releases them on {@link #leftMaster}, before the instance goes on.
 */
public interface VrrpStateListener {

    /** For a listener that has nothing to claim: the instance may advertise at once as far as it is concerned. */
    CompletionStage<Void> NOTHING_TO_CLAIM = CompletableFuture.completedFuture(null);

    /**
     * The instance became master: its virtual addresses are to be claimed and announced now. The instance sends its
     * first advert only when every listener's stage has completed (the addresses are on the interface and the first
     * gratuitous ARPs have gone out), at most a second later; a stage that fails or does not complete in time sends
     * the instance back to backup without it having advertised. Called on the VRRP thread: do the work elsewhere and
     * complete the stage from there.
     */
    CompletionStage<Void> becameMaster(VrrpInstance instance, boolean acceptMode);

    /** The instance is no longer master (backup or stopped): its virtual addresses must go. */
    void leftMaster(VrrpInstance instance);

    /**
     * The instance is still master after a split brain (another router advertised as master too): its addresses are
     * to be announced again, as switches may have learnt the other router's port for them meanwhile. Called on the
     * VRRP thread: do the work elsewhere.
     */
    default void announceAgain(VrrpInstance instance) {
    }

    /**
     * The master's configuration changed in place (its virtual addresses, unicast peers or interval): addresses it
     * lists now and did not are to be claimed and announced, those it no longer lists released, and whatever was
     * prepared from the old configuration (the guard's priority-0 advert) made again. Called on the VRRP thread
     * while the instance is master, with its new configuration in place: do the work elsewhere.
     */
    default void changedInPlace(VrrpInstance instance) {
    }
}
