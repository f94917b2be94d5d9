package io.apogee.cli.store;

import io.apogee.store.recovery.Checkpoint;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks the checkpoint against the log. Apogee's ({@link Checkpoint}: magic, version and CRC) must claim no more
 * flushed log than the log holds. Apache RocketMQ's ({@code StoreCheckpoint}: the store times of the last flushed
 * log, queue and index records, then the master-flushed and confirmed offsets) must name no store time newer than
 * the newest record and no offset past the log's end.
 *
 * <p>Not thread-safe: one verification, one thread.
 */
final class CheckpointCheck {
    private static final int ROCKETMQ_PHYSICAL_TIME = 0;
    private static final int ROCKETMQ_QUEUE_TIME = 8;
    private static final int ROCKETMQ_INDEX_TIME = 16;
    private static final int ROCKETMQ_MASTER_FLUSHED = 24;
    private static final int ROCKETMQ_CONFIRMED = 32;
    private static final int ROCKETMQ_MIN_LENGTH = 40;

    private final StoreDirectory store;
    private final Findings findings;

    CheckpointCheck(StoreDirectory store, Findings findings) {
        this.store = store;
        this.findings = findings;
    }

    /** Checks against a log ending at {@code logEnd} whose newest record was stored at {@code newestStoreTime}. */
    void check(long logEnd, long newestStoreTime) {
        Path path = store.checkpoint();
        if (!Files.exists(path)) {
            return; // a store never checkpointed: recovery scans the whole log
        }
        String name = store.name(path);
        byte[] bytes = ReadOnlyFiles.readAll(path);
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        if (bytes.length == Checkpoint.LENGTH || bytes.length >= Integer.BYTES
            && buffer.getInt(Checkpoint.MAGIC_OFFSET) == Checkpoint.MAGIC) {
            checkApogee(name, bytes, logEnd);
        } else if (bytes.length >= ROCKETMQ_MIN_LENGTH) {
            checkRocketMq(name, buffer, logEnd, newestStoreTime);
        } else {
            findings.add(name, -1, "checkpoint of " + bytes.length + " bytes: neither Apogee's nor RocketMQ's");
        }
    }

    private void checkApogee(String name, byte[] bytes, long logEnd) {
        Checkpoint checkpoint = Checkpoint.decode(bytes);
        if (checkpoint == null) {
            findings.add(name, 0, "damaged checkpoint (length, magic, version or CRC)");
            return;
        }
        if (checkpoint.logFlushedOffset() > logEnd) {
            findings.add(name, Checkpoint.LOG_FLUSHED_OFFSET, "says the log was flushed to "
                + checkpoint.logFlushedOffset() + " but it ends at " + logEnd);
        }
        if (checkpoint.derivedForcedOffset() > logEnd) {
            findings.add(name, Checkpoint.DERIVED_FORCED_OFFSET, "says queues and index were forced for records to "
                + checkpoint.derivedForcedOffset() + " but the log ends at " + logEnd);
        }
    }

    private void checkRocketMq(String name, ByteBuffer buffer, long logEnd, long newestStoreTime) {
        checkTime(name, buffer, ROCKETMQ_PHYSICAL_TIME, "flushed log", newestStoreTime);
        checkTime(name, buffer, ROCKETMQ_QUEUE_TIME, "flushed queue", newestStoreTime);
        checkTime(name, buffer, ROCKETMQ_INDEX_TIME, "flushed index", newestStoreTime);
        checkOffset(name, buffer, ROCKETMQ_MASTER_FLUSHED, "master-flushed", logEnd);
        checkOffset(name, buffer, ROCKETMQ_CONFIRMED, "confirmed", logEnd);
    }

    private void checkTime(String name, ByteBuffer buffer, int at, String what, long newestStoreTime) {
        long time = buffer.getLong(at);
        if (time < 0 || time > Math.max(0, newestStoreTime)) {
            findings.add(name, at, "the " + what + " store time " + time + " is after the newest record's "
                + newestStoreTime);
        }
    }

    private void checkOffset(String name, ByteBuffer buffer, int at, String what, long logEnd) {
        long offset = buffer.getLong(at);
        if (offset < 0 || offset > logEnd) {
            findings.add(name, at, "the " + what + " offset " + offset + " is past the log's end " + logEnd);
        }
    }
}
