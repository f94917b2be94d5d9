package io.apogee.store.recovery;

import io.apogee.wire.message.record.RecordStatus;
import java.nio.file.Path;
import java.util.List;

/**
 * What recovery found and did, for the broker's log and for tests.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param tail             how the log ended
 * @param scannedFrom      the commit-log offset the validation started at (the checkpoint, or the log start)
 * @param logEnd           the end of the log after recovery: the next record goes here
 * @param damageOffset     where the cut started when records were cut, else -1
 * @param damage           what the validator found there ({@code TRUNCATED} for a torn write), else null
 * @param cutBytes         bytes of written pages cleared past the end (0 when nothing was cut)
 * @param recordsReplayed  valid records read back past {@code scannedFrom}
 * @param unitsRebuilt     consume-queue units written or rewritten from the log
 * @param unitsCut         consume-queue units dropped because they pointed past the end
 * @param indexEntriesRebuilt message-index entries written from the log
 * @param skippedQueuePaths what the consume-queue directory held that names no queue (a topic directory whose name is
 *                         not a topic, a queue directory whose name is not a queue id, a stray file), left alone
 */
public record RecoveryReport(TailState tail, long scannedFrom, long logEnd, long damageOffset, RecordStatus damage,
    long cutBytes, long recordsReplayed, long unitsRebuilt, long unitsCut, long indexEntriesRebuilt,
    List<Path> skippedQueuePaths) {
}
