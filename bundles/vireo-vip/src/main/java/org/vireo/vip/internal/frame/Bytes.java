package org.vireo.vip.internal.frame;

/** Big-endian (network order) field access. Callers check bounds first. */
final class Bytes {

    private Bytes() {
    }

    static int u8(byte[] b, int off) {
        return b[off] & 0xff;
    }

    static int u16(byte[] b, int off) {
        return ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
    }

    static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    static void put32(byte[] b, int off, int v) {
        put16(b, off, v >>> 16);
        put16(b, off + 2, v);
    }

    /** True if [off, off+len) is a valid slice of b; a null array is never valid. */
    static boolean isSlice(byte[] b, int off, int len) {
        return b != null && off >= 0 && len >= 0 && off <= b.length - len;
    }
}
