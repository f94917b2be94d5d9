package io.apogee.store.queue;

import io.apogee.common.text.NameAlphabet;
import io.apogee.store.file.FencedIo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * All logical queues, by topic and queue id, with their consume-queue files under {@code <root>/<topic>/<id>/}.
 * A lookup costs one hash-map get on the topic string (whose hash is cached) and an array index, and allocates
 * nothing; a queue is created the first time any thread asks for it.
 *
 * <p>Thread-safe: lookups are lock-free; creation of a topic or queue takes a lock and is rare.
 */
public final class QueueTable implements AutoCloseable {
    private static final LogicalQueue[] NONE = new LogicalQueue[0];
    /** RocketMQ's longest topic name (retry and DLQ topics included). */
    public static final int MAX_TOPIC_LENGTH = 255;
    /** Queue ids are below this (RocketMQ's queue counts are far smaller); it bounds the per-topic array. */
    public static final int MAX_QUEUE_ID = 1 << 16;

    private final FencedIo io;
    private final Path root;
    private final int unitsPerSegment;
    private final TagsCodeRule tagsCodeRule;
    private final QueueMappings mappings;
    private final ConcurrentHashMap<String, LogicalQueue[]> topics = new ConcurrentHashMap<>();

    /**
     * @param io              the fenced door to the disk
     * @param root            the consume-queue root directory
     * @param unitsPerSegment units per consume-queue file
     */
    public QueueTable(FencedIo io, Path root, int unitsPerSegment) {
        this(io, root, unitsPerSegment, TagsCodeRule.TAG_HASH);
    }

    /**
     * @param io              the fenced door to the disk
     * @param root            the consume-queue root directory
     * @param unitsPerSegment units per consume-queue file
     * @param tagsCodeRule    what the units' tags-code slot holds, for the appender and recovery alike
     */
    public QueueTable(FencedIo io, Path root, int unitsPerSegment, TagsCodeRule tagsCodeRule) {
        this(io, root, unitsPerSegment, tagsCodeRule, QueueMappings.unlimited());
    }

    /**
     * @param io              the fenced door to the disk
     * @param root            the consume-queue root directory
     * @param unitsPerSegment units per consume-queue file
     * @param tagsCodeRule    what the units' tags-code slot holds, for the appender and recovery alike
     * @param mappings        the budget of mappings all queue files share
     */
    public QueueTable(FencedIo io, Path root, int unitsPerSegment, TagsCodeRule tagsCodeRule, QueueMappings mappings) {
        this.mappings = Objects.requireNonNull(mappings, "mappings");
        this.tagsCodeRule = Objects.requireNonNull(tagsCodeRule, "tagsCodeRule");
        this.io = Objects.requireNonNull(io, "io");
        this.root = Objects.requireNonNull(root, "root");
        this.unitsPerSegment = unitsPerSegment;
    }

    /**
     * Loads every queue found on disk (startup, before any writer runs). What names no queue is left alone and
     * returned, so that a stray directory or file cannot stop start-up: a topic directory whose name is not a valid
     * topic, a queue directory whose name is not a queue id as the store writes it, and any file beside the queues.
     */
    public List<Path> load() {
        io.createDirectories(root);
        List<Path> skipped = new ArrayList<>();
        for (Path topicDir : io.subdirectories(root)) {
            String topic = topicDir.getFileName().toString();
            if (!isValidTopic(topic)) {
                skipped.add(topicDir);
                continue;
            }
            skipped.addAll(io.list(topicDir));
            for (Path queueDir : io.subdirectories(topicDir)) {
                int queueId = queueId(queueDir.getFileName().toString());
                if (queueId < 0) {
                    skipped.add(queueDir);
                } else {
                    getOrCreate(topic, queueId).units().load();
                }
            }
        }
        return skipped;
    }

    /** The queue id a directory name spells as the store writes it ("7", not "007"), or -1. */
    private static int queueId(String name) {
        int id = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9' || (i == 0 && c == '0' && name.length() > 1)) {
                return -1;
            }
            id = id * 10 + (c - '0');
            if (id >= MAX_QUEUE_ID) {
                return -1;
            }
        }
        return name.isEmpty() ? -1 : id;
    }

    /** Sets every queue's next offset to assign to its max offset (after loading or recovery, before appends). */
    public void resumeOffsets() {
        for (LogicalQueue queue : all()) {
            queue.nextOffset(queue.units().maxOffset());
        }
    }

    /** Whether ({@code topic}, {@code queueId}) may name a queue: a valid topic and an id in [0, MAX_QUEUE_ID). */
    public static boolean isValidQueue(String topic, int queueId) {
        return queueId >= 0 && queueId < MAX_QUEUE_ID && isValidTopic(topic);
    }

    /**
     * Whether {@code topic} may name a directory: 1 to {@value #MAX_TOPIC_LENGTH} characters of RocketMQ's topic
     * alphabet ({@code [%|a-zA-Z0-9_-]}), so that no name can escape the queue root. Any thread.
     */
    public static boolean isValidTopic(String topic) {
        int length = topic == null ? 0 : topic.length();
        if (length == 0 || length > MAX_TOPIC_LENGTH) {
            return false;
        }
        return NameAlphabet.holds(topic);
    }

    /** The queue, or null if it was never created. */
    public LogicalQueue get(String topic, int queueId) {
        LogicalQueue[] queues = topics.get(topic);
        return queues != null && queueId >= 0 && queueId < queues.length ? queues[queueId] : null;
    }

    /** The queue, created if missing. */
    public LogicalQueue getOrCreate(String topic, int queueId) {
        LogicalQueue queue = get(topic, queueId);
        return queue != null ? queue : create(topic, queueId);
    }

    private synchronized LogicalQueue create(String topic, int queueId) {
        if (!isValidQueue(topic, queueId)) {
            throw new IllegalArgumentException("bad queue: " + topic + "-" + queueId);
        }
        LogicalQueue[] queues = topics.getOrDefault(topic, NONE);
        if (queueId < queues.length && queues[queueId] != null) {
            return queues[queueId];
        }
        LogicalQueue[] grown = queueId < queues.length ? queues.clone() : Arrays.copyOf(queues, queueId + 1);
        Path directory = root.resolve(topic).resolve(Integer.toString(queueId));
        LogicalQueue queue = new LogicalQueue(new ConsumeQueue(io, directory, topic, queueId, unitsPerSegment, mappings));
        grown[queueId] = queue;
        topics.put(topic, grown);
        return queue;
    }

    /**
     * Takes {@code topic}'s queues out of the table and returns them (none when it has none), for the appender to
     * {@link ConsumeQueue#delete() delete}. A later lookup makes a new, empty queue.
     */
    public synchronized LogicalQueue[] removeTopic(String topic) {
        LogicalQueue[] removed = topics.remove(topic);
        return removed == null ? NONE : removed;
    }

    /**
     * Deletes the directory of each of {@code topic}'s queues that holds nothing, then the topic's directory if it
     * is empty then, as RocketMQ's {@code deleteEmptyDirectory}. Dispatcher only, and only for a topic the table no
     * longer holds, so that no send makes a file there meanwhile.
     */
    public void deleteEmptyDirectories(String topic) {
        if (!isValidTopic(topic) || topics.containsKey(topic)) {
            return; // a send made the topic's queues again: their files may be on their way
        }
        Path topicDirectory = root.resolve(topic);
        for (Path queueDirectory : io.subdirectories(topicDirectory)) {
            deleteIfEmpty(queueDirectory);
        }
        deleteIfEmpty(topicDirectory);
    }

    private void deleteIfEmpty(Path directory) {
        if (io.list(directory).isEmpty() && io.subdirectories(directory).isEmpty()) {
            io.delete(directory);
        }
    }

    /** A snapshot of every queue. */
    public List<LogicalQueue> all() {
        List<LogicalQueue> all = new ArrayList<>();
        for (LogicalQueue[] queues : topics.values()) {
            for (LogicalQueue queue : queues) {
                if (queue != null) {
                    all.add(queue);
                }
            }
        }
        return all;
    }

    /** Unmaps every consume queue. */
    @Override
    public void close() {
        for (LogicalQueue queue : all()) {
            queue.units().close();
        }
    }

    /** The budget of mappings the queue files share. */
    public QueueMappings mappings() {
        return mappings;
    }

    /** What the units' tags-code slot holds. */
    public TagsCodeRule tagsCodeRule() {
        return tagsCodeRule;
    }
}
