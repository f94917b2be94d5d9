package io.apogee.bench;

import io.apogee.store.file.FileIo;
import io.apogee.store.file.ForwardingFileIo;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * The store's file I/O, counting the forces one thread (the flusher's) makes of one directory's files (the commit
 * log's), so that a load run can say how many records one sync covered.
 *
 * <p>Thread-safe, as the {@link FileIo} it wraps.
 */
final class CountingFileIo extends ForwardingFileIo {
    private final Path counted;
    private final String thread;
    private final LongAdder forces = new LongAdder();

    /**
     * @param delegate the I/O that does the work
     * @param counted  the directory whose files' forces are counted
     * @param thread   the name of the thread whose forces are counted
     */
    CountingFileIo(FileIo delegate, Path counted, String thread) {
        super(delegate);
        this.counted = counted;
        this.thread = thread;
    }

    /** Forces of the counted directory's files so far. */
    long forces() {
        return forces.sum();
    }

    @Override
    public void force(Path file, MappedByteBuffer buffer, int index, int length) throws IOException {
        super.force(file, buffer, index, length);
        if (file.startsWith(counted) && Thread.currentThread().getName().equals(thread)) {
            forces.increment();
        }
    }
}
