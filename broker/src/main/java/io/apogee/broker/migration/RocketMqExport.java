package io.apogee.broker.migration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.admin.SubscriptionGroupJson;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.DataVersionJson;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.offset.OffsetExportProcessor;
import io.apogee.broker.topic.TopicConfigJson;
import io.apogee.store.recovery.Checkpoint;
import io.apogee.store.recovery.ShutdownMarker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code apogee store export-rocketmq DIR}: makes a cleanly stopped Apogee store directory one that Apache RocketMQ
 * 5.4.0 starts on with every topic, group and position. The log, consume queues and index are already RocketMQ's
 * layout; this writes RocketMQ's {@code config/*.json} tables from Apogee's ({@link RocketMqTable}) and RocketMQ's
 * checkpoint in place of Apogee's, which shares its name. Apogee's table files are then renamed {@code *.exported}, so
 * that Apogee started on the directory again carries over RocketMQ's tables as RocketMQ left them. The empty
 * commit-log segments Apogee made ahead of need are removed, as RocketMQ would remove them at start. Apogee's index
 * files, which RocketMQ cannot read, move to {@code index-apogee/}, and RocketMQ's own, built from the whole log
 * ({@link RocketMqIndexExport}), take their place: RocketMQ then finds by key every message Apogee stored.
 *
 * <p>A directory that is not a stopped Apogee store (no commit log, the running marker there, no Apogee checkpoint) is
 * refused with a {@link MigrationException} before anything is written. Everything is prepared before the first
 * write; each file is replaced atomically (temporary file, force, rename).
 *
 * <p>Not thread-safe: one command runs it on a stopped broker's directory.
 */
public final class RocketMqExport {
    /** The suffix Apogee's table files get once exported. */
    public static final String EXPORTED_SUFFIX = ".exported";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A commit-log segment is named by its first offset in 20 digits. */
    private static final Pattern SEGMENT_NAME = Pattern.compile("\\d{20}");
    /** Where RocketMQ's index is written before it replaces Apogee's in {@code index/}. */
    private static final String STAGED_INDEX = "index-rocketmq.staged";
    private static final String[] APOGEE_TABLES = {RocketMqTable.TOPICS.apogeeFileName(),
        RocketMqTable.GROUPS.apogeeFileName(), RocketMqTable.CONSUMER_OFFSETS.apogeeFileName()};

    private RocketMqExport() {
    }

    /**
     * Exports the store in {@code storeRoot}, keeping delay progress from {@code delayGroup}'s offsets in
     * {@code delayTopic}; returns a line per file written.
     *
     * @throws MigrationException when the directory cannot be exported, naming why; nothing was written then
     */
    public static List<String> export(Path storeRoot, String delayGroup, String delayTopic) {
        return export(storeRoot, delayGroup, delayTopic, RocketMqIndexExport.DEFAULTS);
    }

    /**
     * As {@link #export(Path, String, String)}, with RocketMQ's message index written for {@code index}'s
     * {@code maxHashSlotNum} and {@code maxIndexNum}, which RocketMQ must be started with.
     *
     * @throws MigrationException when the directory cannot be exported, naming why; nothing was written then
     */
    public static List<String> export(Path storeRoot, String delayGroup, String delayTopic, RocketMqIndexExport index) {
        Checkpoint checkpoint = stoppedStore(storeRoot);
        Path config = storeRoot.resolve("config");
        BrokerMetadata metadata = BrokerMetadata.open(new PlainFiles(config));
        Map<RocketMqTable, byte[]> tables = new LinkedHashMap<>();
        tables.put(RocketMqTable.TOPICS, topics(metadata, checkpoint));
        tables.put(RocketMqTable.GROUPS, groups(metadata, checkpoint));
        tables.put(RocketMqTable.CONSUMER_OFFSETS, offsets(metadata, false, delayGroup, delayTopic, checkpoint));
        tables.put(RocketMqTable.DELAY_OFFSETS, offsets(metadata, true, delayGroup, delayTopic, checkpoint));

        List<Path> aheadOfNeed = emptySegmentsPastTheEnd(storeRoot.resolve("commitlog"), checkpoint.logFlushedOffset());
        List<Path> apogeeIndex = IndexFilesAside.find(storeRoot, true);
        Path staged = storeRoot.resolve(STAGED_INDEX);
        RocketMqIndexExport.Result rocketMqIndex = stageIndex(storeRoot, checkpoint, index, staged);

        List<String> written = new ArrayList<>();
        try {
            for (Path segment : aheadOfNeed) {
                Files.delete(segment);
                written.add("commitlog/" + segment.getFileName() + ": an empty segment made ahead of need, removed");
            }
            for (Map.Entry<RocketMqTable, byte[]> table : tables.entrySet()) {
                replace(config.resolve(table.getKey().fileName()), ByteBuffer.wrap(table.getValue()));
                written.add("config/" + table.getKey().fileName() + ": " + count(table.getKey(), metadata, delayGroup));
            }
            IndexFilesAside.move(storeRoot, apogeeIndex, IndexFilesAside.APOGEE_ASIDE);
            if (!apogeeIndex.isEmpty()) {
                written.add("index/: " + apogeeIndex.size() + " files of Apogee's moved to " + IndexFilesAside.APOGEE_ASIDE
                    + "/ (RocketMQ hashes keys and counts time otherwise)");
            }
            for (Path file : rocketMqIndex.files()) {
                Files.move(file, Files.createDirectories(storeRoot.resolve("index")).resolve(file.getFileName()),
                    StandardCopyOption.ATOMIC_MOVE);
            }
            Files.delete(staged);
            written.add("index/: " + rocketMqIndex.files().size() + " files of Apache RocketMQ's, " + rocketMqIndex.keys()
                + " keys of " + rocketMqIndex.records() + " records (maxHashSlotNum " + index.maxHashSlotNum()
                + ", maxIndexNum " + index.maxIndexNum() + ")");
            replace(storeRoot.resolve(Checkpoint.FILE_NAME), rocketMqCheckpoint(checkpoint));
            written.add(Checkpoint.FILE_NAME + ": Apache RocketMQ's, the log flushed to offset " + checkpoint.logFlushedOffset());
            for (String name : APOGEE_TABLES) {
                Path file = config.resolve(name);
                if (Files.exists(file)) {
                    Files.move(file, config.resolve(name + EXPORTED_SUFFIX), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
                    written.add("config/" + name + ": renamed " + name + EXPORTED_SUFFIX);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the export stopped half-way, at " + written.size() + " files written", e);
        }
        return written;
    }

    /**
     * RocketMQ's index of the whole log, written into {@code staged} before anything in the store changes; a stage
     * left by an export that failed is cleared first.
     */
    private static RocketMqIndexExport.Result stageIndex(Path storeRoot, Checkpoint checkpoint, RocketMqIndexExport index,
                                                          Path staged) {
        try {
            deleteStage(staged);
            Files.createDirectories(staged);
            return index.write(storeRoot.resolve("commitlog"), checkpoint.logFlushedOffset(), staged);
        } catch (IOException | RuntimeException e) {
            try {
                deleteStage(staged);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            if (e instanceof MigrationException refused) {
                throw refused;
            }
            throw new MigrationException("RocketMQ's index could not be written: " + e + "; nothing was changed");
        }
    }

    private static void deleteStage(Path staged) throws IOException {
        if (!Files.isDirectory(staged)) {
            return;
        }
        try (Stream<Path> files = Files.list(staged)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(staged);
    }

    /** The checkpoint of a cleanly stopped Apogee store in {@code storeRoot}; refuses anything else. */
    private static Checkpoint stoppedStore(Path storeRoot) {
        if (!Files.isDirectory(storeRoot.resolve("commitlog"))) {
            throw new MigrationException(storeRoot + " is not a store directory: it has no commitlog/");
        }
        if (Files.exists(storeRoot.resolve(ShutdownMarker.FILE_NAME))) {
            throw new MigrationException(storeRoot + " was not stopped cleanly (its " + ShutdownMarker.FILE_NAME
                + " file is there): start Apogee on it and stop it with SIGTERM first; nothing was changed");
        }
        Checkpoint checkpoint;
        try {
            Path file = storeRoot.resolve(Checkpoint.FILE_NAME);
            checkpoint = Files.exists(file) ? Checkpoint.decode(Files.readAllBytes(file)) : null;
        } catch (IOException e) {
            throw new MigrationException(storeRoot + "/" + Checkpoint.FILE_NAME + " cannot be read: " + e.getMessage());
        }
        if (checkpoint == null) {
            throw new MigrationException(storeRoot + "/" + Checkpoint.FILE_NAME + " is not Apogee's (already exported, or"
                + " never started by Apogee): start Apogee on it and stop it with SIGTERM first; nothing was changed");
        }
        return checkpoint;
    }

    /**
     * The commit-log segments that start past {@code logEnd}: Apogee makes the next segment before it is needed, and
     * RocketMQ deletes such a file at start, which its unmapping fails on under Java 25. Each must hold only zeros.
     */
    private static List<Path> emptySegmentsPastTheEnd(Path commitLog, long logEnd) {
        List<Path> empty = new ArrayList<>();
        try (Stream<Path> files = Files.list(commitLog)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (!SEGMENT_NAME.matcher(name).matches() || Long.parseLong(name) <= logEnd) {
                    continue;
                }
                if (!zeros(file)) {
                    throw new MigrationException("commitlog/" + name + " starts past the log's end (" + logEnd
                        + ") but holds data: not a cleanly stopped Apogee store; nothing was changed");
                }
                empty.add(file);
            }
        } catch (IOException e) {
            throw new MigrationException(commitLog + " cannot be read: " + e.getMessage() + "; nothing was changed");
        }
        return empty;
    }

    private static boolean zeros(Path file) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(1 << 20);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (channel.read(chunk.clear()) > 0) {
                chunk.flip();
                while (chunk.remaining() >= Long.BYTES) {
                    if (chunk.getLong() != 0) {
                        return false;
                    }
                }
                while (chunk.hasRemaining()) {
                    if (chunk.get() != 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private static byte[] topics(BrokerMetadata metadata, Checkpoint checkpoint) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode table = root.putObject(RocketMqTable.TOPICS.field());
        for (TopicConfig topic : metadata.topics().all()) {
            TopicConfigJson.put(table, topic);
        }
        DataVersionJson.put(root, 0, checkpoint.writtenAtMillis());
        return bytes(root);
    }

    private static byte[] groups(BrokerMetadata metadata, Checkpoint checkpoint) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode table = root.putObject(RocketMqTable.GROUPS.field());
        for (SubscriptionGroup group : metadata.groups().all()) {
            table.set(group.name(), SubscriptionGroupJson.of(group));
        }
        root.putObject("forbiddenTable");
        DataVersionJson.put(root, 0, checkpoint.writtenAtMillis());
        return bytes(root);
    }

    private static byte[] offsets(BrokerMetadata metadata, boolean delay, String delayGroup, String delayTopic,
        Checkpoint checkpoint) {
        ObjectNode root = JSON.createObjectNode();
        root.set(OffsetExportProcessor.OFFSET_TABLE,
            OffsetExportProcessor.table(metadata.offsets(), delay, delayGroup, delayTopic));
        DataVersionJson.put(root, 0, checkpoint.writtenAtMillis());
        return bytes(root);
    }

    private static String count(RocketMqTable table, BrokerMetadata metadata, String delayGroup) {
        return switch (table) {
            case TOPICS -> metadata.topics().all().size() + " topics";
            case GROUPS -> metadata.groups().all().size() + " subscription groups";
            case CONSUMER_OFFSETS -> metadata.offsets().all().stream().filter(o -> !o.group().equals(delayGroup)).count()
                + " queue offsets";
            case DELAY_OFFSETS -> metadata.offsets().all().stream().filter(o -> o.group().equals(delayGroup)).count()
                + " delay levels";
        };
    }

    /**
     * RocketMQ's {@code StoreCheckpoint}: one page of big-endian longs, the flush times of the log, queues and index at
     * 0, 8 and 16, the master's flushed offset at 24 and the confirmed log offset at 32. RocketMQ reads the times only
     * after a crash, to choose where recovery starts; 0 makes a crash before its first checkpoint recover from the
     * first segment, the safe choice.
     */
    static ByteBuffer rocketMqCheckpoint(Checkpoint checkpoint) {
        ByteBuffer page = ByteBuffer.allocate(RocketMqImport.ROCKETMQ_CHECKPOINT_LENGTH);
        page.putLong(0, 0);
        page.putLong(8, 0);
        page.putLong(16, 0);
        page.putLong(24, 0);
        page.putLong(32, checkpoint.logFlushedOffset());
        return page;
    }

    private static byte[] bytes(ObjectNode root) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree that does not write", e);
        }
    }

    private static void replace(Path file, ByteBuffer content) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
            while (content.hasRemaining()) {
                channel.write(content);
            }
            channel.force(true);
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Apogee's table files in a stopped store's {@code config/}, read only: the export never writes them. */
    private record PlainFiles(Path directory) implements MetadataFiles {
        @Override
        public byte[] read(String name) {
            Path file = directory.resolve(name);
            try {
                return Files.exists(file) ? Files.readAllBytes(file) : null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void replace(String name, ByteBuffer content) {
            throw new UnsupportedOperationException("the export reads Apogee's tables only");
        }
    }
}
