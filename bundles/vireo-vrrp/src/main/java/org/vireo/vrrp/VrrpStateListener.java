package org.vireo.vrrp;

/**
 * Whiteboard service told, synchronously and in order, when an instance of this node takes or leaves
 * mastership: the VIP manager claims and announces the virtual addresses on {@link #becameMaster} and
 * releases them on {@link #leftMaster}, before the instance goes on.
 */
public interface VrrpStateListener {

    /** The instance became master: its virtual addresses are to be claimed and announced now. */
    void becameMaster(VrrpInstance instance, boolean acceptMode);

    /** The instance is no longer master (backup or stopped): its virtual addresses must go. */
    void leftMaster(VrrpInstance instance);
}
