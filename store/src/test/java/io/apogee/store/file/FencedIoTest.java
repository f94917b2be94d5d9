package io.apogee.store.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.RecordingFileIo;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FencedIoTest {
    @TempDir
    Path dir;

    @Test
    void theFirstFailureFencesEveryLaterCallWithoutTouchingTheDisk() {
        RecordingFileIo files = new RecordingFileIo();
        DiskFence fence = new DiskFence();
        FencedIo io = new FencedIo(files, fence);
        MappedSegment segment = MappedSegment.map(io, dir.resolve(SegmentSet.fileName(0)), 0, 4096);
        files.failOn("force");
        assertThatThrownBy(() -> segment.force(0, 10)).isInstanceOf(StoreIoException.class)
            .hasCauseInstanceOf(IOException.class);
        assertThat(fence.isFailed()).isTrue();
        assertThat(fence.failure().operation()).isEqualTo("force");
        assertThat(fence.failure().path()).isEqualTo(segment.path());
        files.failOn(null);
        int callsBefore = files.calls();
        assertThatThrownBy(() -> io.list(dir)).isInstanceOf(StoreIoException.class);
        assertThatThrownBy(() -> io.createDirectories(dir.resolve("x"))).isInstanceOf(StoreIoException.class);
        assertThatThrownBy(() -> MappedSegment.map(io, dir.resolve(SegmentSet.fileName(4096)), 4096, 4096))
            .isInstanceOf(StoreIoException.class);
        assertThat(files.calls()).isEqualTo(callsBefore);
        assertThat(fence.trip("later", dir, new IOException("second")).operation()).isEqualTo("force");
        segment.close();
    }
}
