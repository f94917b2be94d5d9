package io.apogee.store.file;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The ordered, contiguous segments of one log in one directory. Each file is named by the 20-digit, zero-padded
 * log offset of its first byte (as RocketMQ names commit-log and consume-queue files), and all segments have the
 * same size, so the segment of an offset is found by division.
 *
 * <p>Threads: one writer (the log's owner) adds at the tail, and one housekeeper removes at the head; any thread
 * may look segments up. The set is a copy-on-write array behind a volatile field, so lookups take no lock; the
 * rare changes (one per segment) take this object's monitor, as the writer and the housekeeper change it apart.
 * A looked-up segment must be {@link MappedSegment#retain() retained} before use, see
 * {@link #retainSegmentFor(long)}.
 */
public final class SegmentSet implements AutoCloseable {
    private static final MappedSegment[] EMPTY = new MappedSegment[0];
    private static final int NAME_DIGITS = 20;

    private final FencedIo io;
    private final Path directory;
    private final int segmentSize;
    private final boolean fenceOnMapFailure;
    private volatile MappedSegment[] segments = EMPTY;

    /**
     * @param io          the fenced door to the disk
     * @param directory   where the segment files live
     * @param segmentSize bytes per segment
     */
    public SegmentSet(FencedIo io, Path directory, int segmentSize) {
        this(io, directory, segmentSize, true);
    }

    /**
     * @param io                the fenced door to the disk
     * @param directory         where the segment files live
     * @param segmentSize       bytes per segment
     * @param fenceOnMapFailure whether a file that cannot be made or mapped fences the store (the commit log's) or is
     *                          refused with {@link MappingRefusedException} (a consume queue's, which refuses only its
     *                          own sends)
     */
    public SegmentSet(FencedIo io, Path directory, int segmentSize, boolean fenceOnMapFailure) {
        this.fenceOnMapFailure = fenceOnMapFailure;
        if (segmentSize < 1) {
            throw new IllegalArgumentException("segment size must be positive: " + segmentSize);
        }
        this.io = Objects.requireNonNull(io, "io");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.segmentSize = segmentSize;
    }

    /** The file name of the segment starting at {@code baseOffset}. */
    public static String fileName(long baseOffset) {
        return String.format(Locale.ROOT, "%0" + NAME_DIGITS + "d", baseOffset);
    }

    /** The directory. */
    public Path directory() {
        return directory;
    }

    /** Bytes per segment. */
    public int segmentSize() {
        return segmentSize;
    }

    /** The base offset of the segment that holds {@code offset}. */
    public long baseOf(long offset) {
        return offset - Math.floorMod(offset, segmentSize);
    }

    /**
     * Maps the segment files already in the directory (at startup). Files are kept in name order; a file whose
     * name is not an offset, that breaks contiguity, or that is not full size (except the last one, which may have
     * been truncated and is grown back with zeros) stops the load and is reported.
     *
     * @return the files that were not loaded (empty when all were)
     */
    public List<Path> load() {
        createDirectory();
        List<Path> files = io.list(directory);
        MappedSegment[] loaded = new MappedSegment[files.size()];
        int count = 0;
        for (Path file : files) {
            long base = parseBase(file);
            boolean contiguous = count == 0 ? base >= 0 && base % segmentSize == 0
                : base == loaded[count - 1].baseOffset() + segmentSize;
            long size = io.size(file);
            boolean last = count == files.size() - 1;
            if (!contiguous || size > segmentSize || (size < segmentSize && !last)) {
                segments = Arrays.copyOf(loaded, count);
                return files.subList(count, files.size());
            }
            try {
                loaded[count] = MappedSegment.map(io, file, base, segmentSize, fenceOnMapFailure);
                count++;
            } catch (RuntimeException failure) {
                for (int i = 0; i < count; i++) { // none of them is in the set yet: no reader holds them
                    loaded[i].close();
                }
                throw failure;
            }
        }
        segments = Arrays.copyOf(loaded, count);
        return List.of();
    }

    private static long parseBase(Path file) {
        String name = file.getFileName().toString();
        if (name.length() != NAME_DIGITS) {
            return -1;
        }
        long base = 0;
        for (int i = 0; i < NAME_DIGITS; i++) {
            int digit = name.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            base = base * 10 + digit;
        }
        return base;
    }

    /** Maps a new segment file for {@code baseOffset}; it is not part of the set until {@link #add}ed. */
    public MappedSegment create(long baseOffset) {
        createDirectory();
        return MappedSegment.map(io, directory.resolve(fileName(baseOffset)), baseOffset, segmentSize, fenceOnMapFailure);
    }

    private void createDirectory() {
        if (fenceOnMapFailure) {
            io.createDirectories(directory);
        } else {
            io.createDirectoriesOrRefuse(directory);
        }
    }

    /** Deletes the file of the segment at {@code baseOffset}, which is not in the set (not mapped). */
    public void deleteFile(long baseOffset) {
        io.delete(directory.resolve(fileName(baseOffset)));
    }

    /** How many segment files the directory holds now (mapped or not). */
    public int filesOnDisk() {
        return io.list(directory).size();
    }

    /** Appends {@code segment}, which must start where the last one ends (or anywhere aligned when empty). Writer only. */
    public synchronized void add(MappedSegment segment) {
        MappedSegment[] current = segments;
        long expected = current.length == 0 ? segment.baseOffset() : current[current.length - 1].endOffset();
        if (segment.baseOffset() != expected || segment.capacity() != segmentSize) {
            throw new IllegalArgumentException("not contiguous: " + segment + " after " + expected);
        }
        MappedSegment[] next = Arrays.copyOf(current, current.length + 1);
        next[current.length] = segment;
        segments = next;
    }

    /** Removes the first segment from the set and returns it (the caller closes or destroys it); null if empty. */
    public synchronized MappedSegment removeFirst() {
        MappedSegment[] current = segments;
        if (current.length == 0) {
            return null;
        }
        segments = Arrays.copyOfRange(current, 1, current.length);
        return current[0];
    }

    /** Removes the last segment from the set and returns it (recovery only); null if empty. */
    public synchronized MappedSegment removeLast() {
        MappedSegment[] current = segments;
        if (current.length == 0) {
            return null;
        }
        segments = Arrays.copyOf(current, current.length - 1);
        return current[current.length - 1];
    }

    /** The segment holding {@code offset}, not retained; null when no segment does. */
    public MappedSegment segmentFor(long offset) {
        MappedSegment[] current = segments;
        if (current.length == 0 || offset < current[0].baseOffset()) {
            return null;
        }
        long index = (offset - current[0].baseOffset()) / segmentSize;
        return index < current.length ? current[(int) index] : null;
    }

    /** The segment holding {@code offset}, retained for the caller to release; null when none holds it any more. */
    public MappedSegment retainSegmentFor(long offset) {
        while (true) {
            MappedSegment[] before = segments;
            MappedSegment segment = segmentFor(offset);
            if (segment == null) {
                return null;
            }
            if (segment.retain()) {
                return segment;
            }
            if (segments == before) {
                return null;
            }
        }
    }

    /** The first segment, or null. */
    public MappedSegment first() {
        MappedSegment[] current = segments;
        return current.length == 0 ? null : current[0];
    }

    /** The last segment, or null. */
    public MappedSegment last() {
        MappedSegment[] current = segments;
        return current.length == 0 ? null : current[current.length - 1];
    }

    /** How many segments there are. */
    public int count() {
        return segments.length;
    }

    /** A snapshot of the segments, oldest first. */
    public List<MappedSegment> snapshot() {
        return List.of(segments);
    }

    /** The first offset held, or {@code fallback} when there are no segments. */
    public long startOffset(long fallback) {
        MappedSegment first = first();
        return first == null ? fallback : first.baseOffset();
    }

    /** Deletes every segment's file and closes it (unmapped when its readers are done), and empties the set. Writer only. */
    public void unlinkAll() {
        MappedSegment[] current;
        synchronized (this) {
            current = segments;
            segments = EMPTY;
        }
        for (MappedSegment segment : current) {
            segment.unlinkAndClose();
        }
    }

    /** Closes every segment (unmapped when their readers are done) and empties the set. */
    @Override
    public void close() {
        MappedSegment[] current = segments;
        segments = EMPTY;
        for (MappedSegment segment : current) {
            segment.close();
        }
    }
}
