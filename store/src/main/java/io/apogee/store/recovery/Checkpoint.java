package io.apogee.store.recovery;

import io.apogee.store.file.FencedIo;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * The checkpoint file: how far the store is known to be on the device, so that recovery after a crash validates
 * and replays only what lies past it. Replaced atomically (temporary file, force, rename) by
 * {@link FencedIo#writeAtomically}; a file that is missing, short, of another version or with a bad CRC is
 * ignored and recovery scans from the start of the log.
 *
 * <pre>
 *   0            4            8                    16                   24                   32          36
 *   +------------+------------+--------------------+--------------------+--------------------+-----------+
 *   | magic      | version    | logFlushedOffset   | derivedForcedOffset| writtenAtMillis    | crc32     |
 *   | int32      | int32      | int64              | int64              | int64              | int32     |
 *   +------------+------------+--------------------+--------------------+--------------------+-----------+
 *   logFlushedOffset:    every commit-log byte below it was forced
 *   derivedForcedOffset: every consume-queue unit and index entry of the records below it was forced
 *   crc32:               CRC-32 of bytes 0..32
 * </pre>
 *
 * <p>Immutable value; the static helpers are safe for any thread.
 *
 * @param logFlushedOffset    commit-log bytes below this are on the device
 * @param derivedForcedOffset consume-queue units and index entries of records below this are on the device
 * @param writtenAtMillis     the store clock when written
 */
public record Checkpoint(long logFlushedOffset, long derivedForcedOffset, long writtenAtMillis) {
    /** "APCK". */
    public static final int MAGIC = 0x4150434B;
    /** The layout version. */
    public static final int VERSION = 1;
    /** Offset of the magic. */
    public static final int MAGIC_OFFSET = 0;
    /** Offset of the version. */
    public static final int VERSION_OFFSET = 4;
    /** Offset of the commit-log flushed offset. */
    public static final int LOG_FLUSHED_OFFSET = 8;
    /** Offset of the derived-files forced offset. */
    public static final int DERIVED_FORCED_OFFSET = 16;
    /** Offset of the write time. */
    public static final int WRITTEN_AT_OFFSET = 24;
    /** Offset of the CRC. */
    public static final int CRC_OFFSET = 32;
    /** Bytes of the file. */
    public static final int LENGTH = CRC_OFFSET + Integer.BYTES;
    /** The file name inside the store root. */
    public static final String FILE_NAME = "checkpoint";

    /** The offset from which recovery must validate and replay the log. */
    public long replayFrom() {
        return Math.min(logFlushedOffset, derivedForcedOffset);
    }

    /** Encodes this checkpoint into a new buffer, ready to write. */
    public ByteBuffer encode() {
        ByteBuffer buffer = ByteBuffer.allocate(LENGTH);
        buffer.putInt(MAGIC_OFFSET, MAGIC);
        buffer.putInt(VERSION_OFFSET, VERSION);
        buffer.putLong(LOG_FLUSHED_OFFSET, logFlushedOffset);
        buffer.putLong(DERIVED_FORCED_OFFSET, derivedForcedOffset);
        buffer.putLong(WRITTEN_AT_OFFSET, writtenAtMillis);
        buffer.putInt(CRC_OFFSET, crc(buffer));
        return buffer;
    }

    /** Decodes {@code bytes}; null when they are not a whole, intact checkpoint of this version. */
    public static Checkpoint decode(byte[] bytes) {
        if (bytes == null || bytes.length != LENGTH) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (buffer.getInt(MAGIC_OFFSET) != MAGIC || buffer.getInt(VERSION_OFFSET) != VERSION
            || buffer.getInt(CRC_OFFSET) != crc(buffer)) {
            return null;
        }
        return new Checkpoint(buffer.getLong(LOG_FLUSHED_OFFSET), buffer.getLong(DERIVED_FORCED_OFFSET),
            buffer.getLong(WRITTEN_AT_OFFSET));
    }

    /** Reads the checkpoint of the store in {@code root}; null when there is none usable. */
    public static Checkpoint read(FencedIo io, Path root) {
        return decode(io.readAll(root.resolve(FILE_NAME)));
    }

    /** Replaces the checkpoint of the store in {@code root} atomically. */
    public void write(FencedIo io, Path root) {
        io.writeAtomically(root.resolve(FILE_NAME), encode());
    }

    private static int crc(ByteBuffer buffer) {
        CRC32 crc = new CRC32();
        crc.update(buffer.slice(0, CRC_OFFSET));
        return (int) crc.getValue();
    }
}
