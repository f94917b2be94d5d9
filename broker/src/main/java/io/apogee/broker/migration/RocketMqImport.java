package io.apogee.broker.migration;

import io.apogee.broker.ha.MasterMetadata;
import io.apogee.store.recovery.Checkpoint;
import io.apogee.store.recovery.RecoveryReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Apache RocketMQ's tables carried into Apogee's when the broker starts on a RocketMQ store directory. {@link #read}
 * runs before the store opens: it reads each of RocketMQ's {@code config/*.json} files ({@link RocketMqTable}) whose
 * Apogee table file is absent, and checks it. A file that cannot be carried over stops start-up with a
 * {@link MigrationException} naming it, before anything in the directory changed. {@link #apply} then fills Apogee's
 * tables once they are open. It leaves RocketMQ's files in place.
 *
 * <p>RocketMQ's checkpoint has the name of Apogee's but another layout, which Apogee's recovery does not trust: it
 * validates the whole log against the consume queues and index, rewrites what differs and writes its own checkpoint.
 * {@link #apply} says so, with the counts. RocketMQ's index files are set aside ({@link #setAsideRocketMqIndex}):
 * Apogee cannot read them, and rebuilds its own.
 *
 * <p>Not thread-safe: one start-up reads and applies it.
 */
public final class RocketMqImport {
    /** RocketMQ's checkpoint file: one mapped page. */
    static final int ROCKETMQ_CHECKPOINT_LENGTH = 4096;
    /** The largest table file read: far more than any real broker's tables, far less than the heap. */
    static final long MAX_FILE_BYTES = 256L << 20;
    private static final Logger LOG = LoggerFactory.getLogger(RocketMqImport.class);

    private final Path storeRoot;
    private final Map<RocketMqTable, byte[]> files;
    private final boolean rocketMqCheckpoint;
    private final List<Path> rocketMqIndex;

    private RocketMqImport(Path storeRoot, Map<RocketMqTable, byte[]> files, boolean rocketMqCheckpoint,
        List<Path> rocketMqIndex) {
        this.storeRoot = storeRoot;
        this.files = files;
        this.rocketMqCheckpoint = rocketMqCheckpoint;
        this.rocketMqIndex = rocketMqIndex;
    }

    /**
     * Reads and checks RocketMQ's tables in {@code storeRoot}'s {@code config/} that Apogee's own files do not hold.
     *
     * @throws MigrationException naming the file that cannot be carried over, and why; nothing was changed
     */
    public static RocketMqImport read(Path storeRoot) {
        Path config = storeRoot.resolve("config");
        Map<RocketMqTable, byte[]> files = new EnumMap<>(RocketMqTable.class);
        for (RocketMqTable table : RocketMqTable.values()) {
            Path file = config.resolve(table.fileName());
            if (!Files.exists(file)) {
                continue;
            }
            if (Files.exists(config.resolve(table.apogeeFileName()))) {
                LOG.info("config/{} of Apache RocketMQ left alone: Apogee's own config/{} holds that table",
                    table.fileName(), table.apogeeFileName());
                continue;
            }
            files.put(table, checked(storeRoot, file, table));
        }
        return new RocketMqImport(storeRoot, files, isRocketMqCheckpoint(storeRoot.resolve(Checkpoint.FILE_NAME)),
            IndexFilesAside.find(storeRoot, false));
    }

    /**
     * Moves RocketMQ's index files into {@code index-rocketmq/}, before the store opens: their key hashes and times
     * are not Apogee's, and recovery rebuilds Apogee's index from the log when the checkpoint is RocketMQ's.
     */
    public void setAsideRocketMqIndex() {
        if (rocketMqIndex.isEmpty()) {
            return;
        }
        try {
            IndexFilesAside.move(storeRoot, rocketMqIndex, IndexFilesAside.ROCKETMQ_ASIDE);
        } catch (IOException e) {
            throw new MigrationException("index/ of Apache RocketMQ could not be set aside: " + e.getMessage());
        }
        LOG.warn("set aside {} index files of Apache RocketMQ in {}/: Apogee hashes keys and counts time otherwise; "
            + "its index is rebuilt from the commit log", rocketMqIndex.size(), IndexFilesAside.ROCKETMQ_ASIDE);
    }

    /** Whether there is anything to carry over. */
    public boolean isEmpty() {
        return files.isEmpty() && !rocketMqCheckpoint && rocketMqIndex.isEmpty();
    }

    /**
     * Fills Apogee's tables from RocketMQ's files read, each written to its file; logs what each carried, and what
     * the store's {@code recovery} rebuilt when the checkpoint was RocketMQ's.
     */
    public void apply(MasterMetadata tables, RecoveryReport recovery) {
        if (rocketMqCheckpoint) {
            LOG.warn("the checkpoint is Apache RocketMQ's, whose layout Apogee does not read: recovery validated the commit "
                + "log from offset {} to {} ({} records) against the consume queues and index, and rewrote what differed or "
                + "was missing ({} consume-queue units, {} index entries); Apogee's checkpoint replaces RocketMQ's",
                recovery.scannedFrom(), recovery.logEnd(), recovery.recordsReplayed(), recovery.unitsRebuilt(),
                recovery.indexEntriesRebuilt());
        }
        for (Map.Entry<RocketMqTable, byte[]> entry : files.entrySet()) {
            RocketMqTable table = entry.getKey();
            try {
                int count = switch (table) {
                    case TOPICS -> tables.topics(entry.getValue());
                    case GROUPS -> tables.groups(entry.getValue());
                    case CONSUMER_OFFSETS -> tables.consumerOffsets(entry.getValue());
                    case DELAY_OFFSETS -> tables.delayOffsets(entry.getValue());
                };
                LOG.info("carried over from Apache RocketMQ: config/{} ({} entries) into config/{}", table.fileName(), count,
                    table.apogeeFileName());
            } catch (IOException e) {
                // read() checked the layout, so only a disk failure gets here
                throw new MigrationException("config/" + table.fileName() + " could not be carried over: " + e.getMessage());
            }
        }
    }

    private static byte[] checked(Path storeRoot, Path file, RocketMqTable table) {
        String name = "config/" + table.fileName();
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw refused(storeRoot, name, size + " bytes, more than the " + MAX_FILE_BYTES + " read");
            }
            byte[] bytes = Files.readAllBytes(file);
            MasterMetadata.check(bytes, table.field());
            return bytes;
        } catch (IOException e) {
            throw refused(storeRoot, name, "not what Apache RocketMQ writes (" + e.getMessage() + ")");
        }
    }

    private static MigrationException refused(Path storeRoot, String name, String why) {
        return new MigrationException(name + " of Apache RocketMQ cannot be carried over: " + why
            + "; start-up stopped before anything in " + storeRoot + " changed");
    }

    private static boolean isRocketMqCheckpoint(Path file) {
        try {
            return Files.exists(file) && Files.size(file) == ROCKETMQ_CHECKPOINT_LENGTH;
        } catch (IOException e) {
            return false; // the store's own open reports a file it cannot read
        }
    }
}
