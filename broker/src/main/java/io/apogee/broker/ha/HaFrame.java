package io.apogee.broker.ha;

import java.nio.ByteBuffer;

/**
 * The two messages of RocketMQ's classic HA protocol, big-endian, on a plain TCP connection the slave opens to the
 * master's haListenPort (no remoting frame around them).
 *
 * <pre>
 * master to slave, a transfer (length 0: a heartbeat):
 *   0        8          12
 *   +--------+----------+---------------------------+
 *   | offset |  length  | commit-log bytes (length) |
 *   +--------+----------+---------------------------+
 *   offset: the commit-log offset of the first byte, which must be where the slave's log ends
 *
 * slave to master, a report:
 *   0        8
 *   +--------+
 *   | offset |  the slave's commit-log end: where the master starts (first report), and what it has (the ack)
 *   +--------+
 *
 * slave to master, an identity (Apogee's, in controller mode only; before the first report):
 *   0        4          8
 *   +--------+----------+
 *   | "APID" | brokerId |  the high half is an offset no log reaches: a master tells it from a report
 *   +--------+----------+
 * </pre>
 *
 * <p>Stateless.
 */
final class HaFrame {
    /** Where a transfer's start offset is. */
    static final int OFFSET_OFFSET = 0;
    /** Where a transfer's body length is. */
    static final int LENGTH_OFFSET = Long.BYTES;
    /** A transfer's header: offset and length. */
    static final int HEADER_LENGTH = LENGTH_OFFSET + Integer.BYTES;
    /** A slave's report. */
    static final int REPORT_LENGTH = Long.BYTES;
    /** "APID": the high half of an identity. */
    static final long IDENTITY_MAGIC = 0x41504944L;

    private HaFrame() {
    }

    /** Writes a transfer's header into {@code header} (cleared first) and flips it for writing out. */
    static ByteBuffer header(ByteBuffer header, long offset, int length) {
        header.clear();
        header.putLong(OFFSET_OFFSET, offset).putInt(LENGTH_OFFSET, length).limit(HEADER_LENGTH);
        return header;
    }

    /** Writes a report into {@code report} (cleared first) and flips it for writing out. */
    static ByteBuffer identity(ByteBuffer report, long brokerId) {
        return report(report, (IDENTITY_MAGIC << Integer.SIZE) | (brokerId & 0xFFFF_FFFFL));
    }

    /** Whether a slave's 8 bytes are an identity, not a report. */
    static boolean isIdentity(long value) {
        return value >>> Integer.SIZE == IDENTITY_MAGIC;
    }

    /** The broker id of an identity. */
    static long identityOf(long value) {
        return value & 0xFFFF_FFFFL;
    }

    static ByteBuffer report(ByteBuffer report, long offset) {
        report.clear();
        report.putLong(0, offset).limit(REPORT_LENGTH);
        return report;
    }
}
