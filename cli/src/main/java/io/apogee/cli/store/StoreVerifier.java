package io.apogee.cli.store;

import java.util.HashSet;
import java.util.Set;

/**
 * Runs every check over a store directory, in the order each needs the last: the commit log (which gives the log's
 * end, its newest store time and each queue's offsets), the checkpoint, the consume queues, the message index and
 * the metadata. Reads only.
 *
 * <p>Not thread-safe: one verification, one thread.
 */
public final class StoreVerifier {
    private final StoreDirectory store;
    private final int indexSlots;

    /**
     * @param store      the store directory
     * @param indexSlots slots per index file, or 0 to infer them from the file size
     */
    StoreVerifier(StoreDirectory store, int indexSlots) {
        this.store = store;
        this.indexSlots = indexSlots;
    }

    /** Checks the whole store. */
    Findings verify() {
        Findings findings = new Findings();
        try (LogFiles files = LogFiles.open(store, findings)) {
            verify(files, findings);
        }
        return findings;
    }

    private void verify(LogFiles files, Findings findings) {
        LogWalk walk = new LogWalk(files, findings);
        LogTally tally = new LogTally(findings, files);
        walk.walk(files.start(), tally);
        findings.logEnd(walk.end());
        new CheckpointCheck(store, findings).check(walk.end(), tally.newestStoreTime());
        RecordProbe probe = new RecordProbe(files, walk.end());
        QueueCheck queues = new QueueCheck(store, findings, probe);
        queues.check(tally.nextOffsets());
        new IndexCheck(store, findings, probe, walk.end(), indexSlots).check();
        new MetadataCheck(store, findings).check();
        Set<QueueKey> allQueues = new HashSet<>(tally.nextOffsets().keySet());
        allQueues.addAll(queues.queueEnds().keySet());
        Set<String> topics = new HashSet<>();
        allQueues.forEach(queue -> topics.add(queue.topic()));
        findings.topicsAndQueues(topics.size(), allQueues.size());
    }
}
