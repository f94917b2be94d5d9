package io.apogee.streams.log;

import io.apogee.common.time.Clock;
import io.apogee.store.file.FencedIo;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The streams of one broker, each in its own directory under {@code root} (named by the stream), opened at start and
 * created and deleted by clients. Names are checked where they enter: 1 to 255 characters, none of them a path
 * separator, and neither "." nor "..". What a stream was created with ({@link StreamOptions}) is kept in
 * {@code <stream>/settings/stream.properties}, out of the way of the segment files; a stream without one (created
 * before options were kept) has no retention and the broker's segment size.
 *
 * <p>Thread-safe: creation and deletion take this registry's monitor; lookups take no lock.
 */
public final class StreamRegistry implements AutoCloseable {
    private static final Pattern BAD_NAME = Pattern.compile("[/\\\\\\x00-\\x1F]|^\\.{1,2}$|^\\.super-streams$");
    private static final int MAX_NAME_LENGTH = 255;
    private static final String SETTINGS_DIRECTORY = "settings";
    private static final String SETTINGS_FILE = "stream.properties";
    /** The file of the super stream definitions, in the root; no stream may take its name. */
    private static final String SUPER_STREAMS_FILE = ".super-streams";

    private final FencedIo io;
    private final Path root;
    private final int segmentSize;
    private final Clock clock;
    private final Map<String, StreamLog> streams = new ConcurrentHashMap<>();
    private SuperStreams superStreams;

    /** What {@link #createSuperStream} answers. */
    public enum SuperStreamOutcome {
        /** Created. */
        CREATED,
        /** The super stream or one of its partitions exists. */
        EXISTS,
        /** A name is not valid, or a partition is named twice. */
        INVALID
    }

    private StreamRegistry(FencedIo io, Path root, int segmentSize, Clock clock) {
        this.io = io;
        this.root = root;
        this.segmentSize = segmentSize;
        this.clock = clock;
    }

    /** Opens every stream directory under {@code root}. */
    public static StreamRegistry open(FencedIo io, Path root, int segmentSize, Clock clock) {
        StreamRegistry registry = new StreamRegistry(io, root, segmentSize, clock);
        io.createDirectories(root);
        registry.superStreams = SuperStreams.open(io, root.resolve(SUPER_STREAMS_FILE));
        for (Path directory : io.subdirectories(root)) {
            String name = directory.getFileName().toString();
            byte[] settings = io.readAll(settingsFile(directory));
            StreamOptions options = settings == null ? StreamOptions.defaults(segmentSize) : StreamOptions.fromFile(settings);
            registry.streams.put(name, StreamLog.open(io, directory, name, options, clock));
        }
        return registry;
    }

    /** Whether {@code name} may name a stream. */
    public static boolean isValidName(String name) {
        return name != null && !name.isEmpty() && name.length() <= MAX_NAME_LENGTH && !BAD_NAME.matcher(name).find();
    }

    /** The streams open now, a live view. */
    public Collection<StreamLog> logs() {
        return Collections.unmodifiableCollection(streams.values());
    }

    /** The stream {@code name}, or null. */
    public StreamLog get(String name) {
        return streams.get(name);
    }

    private static Path settingsFile(Path directory) {
        return directory.resolve(SETTINGS_DIRECTORY).resolve(SETTINGS_FILE);
    }

    /** The segment size of a stream created without one. */
    public int defaultSegmentSize() {
        return segmentSize;
    }

    /** Creates the stream {@code name} (a valid name) with no retention and the broker's segment size. */
    public boolean create(String name) {
        return create(name, StreamOptions.defaults(segmentSize));
    }

    /** Creates the stream {@code name} (a valid name) with {@code options}; false when it exists. */
    public synchronized boolean create(String name, StreamOptions options) {
        if (streams.containsKey(name)) {
            return false;
        }
        Path directory = root.resolve(name);
        Path settings = settingsFile(directory);
        io.createDirectories(settings.getParent());
        io.writeAtomically(settings, ByteBuffer.wrap(options.toFile()));
        streams.put(name, StreamLog.open(io, directory, name, options, clock));
        return true;
    }

    /** The super streams. */
    public SuperStreams superStreams() {
        return superStreams;
    }

    /**
     * Creates the super stream {@code name} and its partition streams, each with {@code options}. Nothing is created
     * when the super stream or any partition exists, or when a name is not valid.
     */
    public synchronized SuperStreamOutcome createSuperStream(String name, List<SuperStreams.Partition> partitions,
        StreamOptions options) {
        Set<String> names = new HashSet<>();
        for (SuperStreams.Partition partition : partitions) {
            if (!isValidName(partition.stream()) || !names.add(partition.stream())) {
                return SuperStreamOutcome.INVALID;
            }
        }
        if (!isValidName(name) || partitions.isEmpty()) {
            return SuperStreamOutcome.INVALID;
        }
        if (superStreams.exists(name) || names.stream().anyMatch(streams::containsKey)) {
            return SuperStreamOutcome.EXISTS;
        }
        for (SuperStreams.Partition partition : partitions) {
            create(partition.stream(), options);
        }
        superStreams.add(name, partitions);
        return SuperStreamOutcome.CREATED;
    }

    /** Deletes the super stream {@code name} and its partition streams; false when there is none. */
    public synchronized boolean deleteSuperStream(String name) {
        List<SuperStreams.Partition> partitions = superStreams.remove(name);
        if (partitions == null) {
            return false;
        }
        for (SuperStreams.Partition partition : partitions) {
            delete(partition.stream());
        }
        return true;
    }

    /** Deletes the stream {@code name} and its files; false when there is none. */
    public synchronized boolean delete(String name) {
        StreamLog log = streams.remove(name);
        if (log == null) {
            return false;
        }
        log.delete();
        Path directory = root.resolve(name);
        io.delete(settingsFile(directory));
        io.delete(settingsFile(directory).getParent());
        io.delete(directory);
        return true;
    }

    /** Flushes and closes every stream. */
    @Override
    public synchronized void close() {
        streams.values().forEach(StreamLog::close);
        streams.clear();
    }
}
