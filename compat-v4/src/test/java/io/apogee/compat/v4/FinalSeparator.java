package io.apogee.compat.v4;

import io.apogee.wire.message.record.StoredRecord;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * RocketMQ 4.9.8's {@code MessageDecoder.messageProperties2String} drops the 0x02 after the last property
 * ({@code sb.deleteCharAt(sb.length() - 1)}); 5.x, and so our writers, end every entry with it. Both versions split
 * the string on 0x02 and read either form alike. These helpers add the final separator to 4.9.8's bytes, adjusting
 * the lengths, so that everything else can still be compared byte for byte.
 */
final class FinalSeparator {
    private static final byte PROPERTY_SEPARATOR = 2;
    private static final int BATCH_HEADER = 20;

    private FinalSeparator() {
    }

    /** A stored record of 4.9.8's with the final separator added to a non-empty properties string. */
    static byte[] inRecord(byte[] record) {
        ByteBuffer buffer = ByteBuffer.wrap(record);
        StoredRecord fields = new StoredRecord().wrap(buffer, 0);
        int propertiesLength = fields.propertiesLength();
        if (propertiesLength == 0) {
            return record;
        }
        ByteBuffer out = ByteBuffer.allocate(record.length + 1).put(record).put(PROPERTY_SEPARATOR);
        out.putInt(StoredRecord.TOTAL_SIZE_OFFSET, record.length + 1);
        out.putShort(fields.propertiesOffset() - Short.BYTES, (short) (propertiesLength + 1));
        return out.array();
    }

    /** A batch body of 4.9.8's with the final separator added to each non-empty properties string. */
    static byte[] inBatch(byte[] body) {
        ByteBuffer in = ByteBuffer.wrap(body);
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + body.length / 16);
        int at = 0;
        while (at < body.length) {
            int totalSize = in.getInt(at);
            int bodyLength = in.getInt(at + BATCH_HEADER - Integer.BYTES);
            int propertiesAt = at + BATCH_HEADER + bodyLength;
            int propertiesLength = in.getShort(propertiesAt);
            int added = propertiesLength > 0 ? 1 : 0;
            ByteBuffer entry = ByteBuffer.allocate(totalSize + added).put(body, at, totalSize);
            entry.putInt(0, totalSize + added);
            entry.putShort(propertiesAt - at, (short) (propertiesLength + added));
            if (added > 0) {
                entry.put(PROPERTY_SEPARATOR);
            }
            out.write(entry.array(), 0, entry.capacity());
            at += totalSize;
        }
        return out.toByteArray();
    }
}
