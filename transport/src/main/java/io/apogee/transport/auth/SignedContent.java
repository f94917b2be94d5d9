package io.apogee.transport.auth;

import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.crypto.Mac;

/**
 * Feeds the bytes RocketMQ signs into a {@link Mac}: the values of the ext fields sorted by name (Java's
 * {@code String.compareTo}, so UTF-16 order), without names or separators, then the body. {@code Signature} is left
 * out, and so is {@code _UNIQUE_KEY_QUERY} for a request of version 4.9.3 or older, as RocketMQ's
 * {@code DefaultAuthenticationContextBuilder} does. A name given twice counts once, with its last value, because
 * RocketMQ decodes the fields into a map. A null value counts as the text {@code null}, as Java's
 * {@code StringBuilder} appends it.
 *
 * <p>Not thread-safe: one instance per thread; its sort array grows to the largest header seen.
 */
public final class SignedContent {
    /** The ext field that carries the signature. */
    public static final String SIGNATURE = "Signature";
    /** The ext field that carries the access key. */
    public static final String ACCESS_KEY = "AccessKey";
    private static final String UNIQUE_KEY_QUERY = "_UNIQUE_KEY_QUERY";
    private static final byte[] NULL_TEXT = "null".getBytes(StandardCharsets.US_ASCII);
    private static final int FIRST_SUPPLEMENTARY_LEAD = 0xF0;
    private static final int FIRST_HIGH_BMP_LEAD = 0xEE;

    private int[] order = new int[32];

    /** Feeds {@code header}'s fields and {@code body} (may be null) into {@code mac}. */
    void feed(RemotingHeader header, ByteBuf body, Mac mac) {
        ExtFields ext = header.ext();
        boolean skipUniqueKeyQuery = header.version() <= ProtocolVersion.V4_9_3;
        int count = sort(ext);
        byte[] bytes = ext.array();
        for (int k = 0; k < count; k++) {
            int i = order[k];
            // a run of equal names ends with the last one given: only that one counts
            if (k + 1 < count && compareKeys(ext, i, order[k + 1]) == 0) {
                continue;
            }
            if (ext.keyEquals(i, SIGNATURE) || skipUniqueKeyQuery && ext.keyEquals(i, UNIQUE_KEY_QUERY)) {
                continue;
            }
            if (ext.isNull(i)) {
                mac.update(NULL_TEXT);
            } else {
                mac.update(bytes, ext.valueOffset(i), ext.valueLength(i));
            }
        }
        if (body != null && body.isReadable()) {
            if (body.nioBufferCount() == 1) {
                mac.update(body.nioBuffer());
            } else {
                for (ByteBuffer part : body.nioBuffers()) {
                    mac.update(part);
                }
            }
        }
    }

    /** Sorts the entry indexes by key into {@link #order}, stable, so equal keys stay in wire order. */
    private int sort(ExtFields ext) {
        int count = ext.size();
        if (order.length < count) {
            order = Arrays.copyOf(order, Math.max(count, order.length * 2));
        }
        // insertion sort: a header has a few dozen fields at most, and nothing is allocated
        for (int i = 0; i < count; i++) {
            int k = i;
            while (k > 0 && compareKeys(ext, order[k - 1], i) > 0) {
                order[k] = order[k - 1];
                k--;
            }
            order[k] = i;
        }
        return count;
    }

    /**
     * Compares two keys as Java compares their strings. UTF-8 byte order is code point order; UTF-16 order differs
     * only between a supplementary character (lead byte F0 to F4) and one from U+E000 to U+FFFF (EE or EF), which
     * UTF-16 sorts after it.
     */
    static int compareKeys(ExtFields ext, int a, int b) {
        byte[] bytes = ext.array();
        int aFrom = ext.keyOffset(a);
        int bFrom = ext.keyOffset(b);
        int aLength = ext.keyLength(a);
        int bLength = ext.keyLength(b);
        int differ = Arrays.mismatch(bytes, aFrom, aFrom + aLength, bytes, bFrom, bFrom + bLength);
        if (differ < 0) {
            return 0;
        }
        if (differ == aLength || differ == bLength) {
            return aLength - bLength;
        }
        int x = bytes[aFrom + differ] & 0xFF;
        int y = bytes[bFrom + differ] & 0xFF;
        if (x >= FIRST_SUPPLEMENTARY_LEAD && y >= FIRST_HIGH_BMP_LEAD && y < FIRST_SUPPLEMENTARY_LEAD) {
            return -1;
        }
        if (y >= FIRST_SUPPLEMENTARY_LEAD && x >= FIRST_HIGH_BMP_LEAD && x < FIRST_SUPPLEMENTARY_LEAD) {
            return 1;
        }
        return x - y;
    }
}
