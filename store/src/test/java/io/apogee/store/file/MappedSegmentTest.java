package io.apogee.store.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.RecordingFileIo;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedSegmentTest {
    @TempDir
    Path dir;

    private final RecordingFileIo files = new RecordingFileIo();
    private final FencedIo io = new FencedIo(files, new DiskFence());

    @Test
    void mapsTheFileAndWritesReachIt() throws Exception {
        Path path = dir.resolve(SegmentSet.fileName(4096));
        MappedSegment segment = MappedSegment.map(io, path, 4096, 8192);
        assertThat(segment.baseOffset()).isEqualTo(4096);
        assertThat(segment.endOffset()).isEqualTo(4096 + 8192);
        assertThat(Files.size(path)).isEqualTo(8192);
        segment.writeBuffer().putLong(100, 0x1122334455667788L);
        segment.force(0, 200);
        assertThat(files.forcedEnd(path)).isGreaterThanOrEqualTo(108);
        assertThat(segment.readBuffer().getLong(100)).isEqualTo(0x1122334455667788L);
        assertThat(segment.readBuffer().isReadOnly()).isTrue();
        segment.close();
        assertThat(segment.isMapped()).isFalse();
        ByteBuffer onDisk = ByteBuffer.wrap(Files.readAllBytes(path));
        assertThat(onDisk.getLong(100)).isEqualTo(0x1122334455667788L);
    }

    @Test
    void aFileWriteIsSeenThroughTheMappingAndOneChannelServesTheWritesUntilEndWrites() {
        Path path = dir.resolve(SegmentSet.fileName(0));
        MappedSegment segment = MappedSegment.map(io, path, 0, 8192);
        segment.write(4096, ByteBuffer.wrap(new byte[] {1, 2, 3}));
        segment.write(4099, ByteBuffer.wrap(new byte[] {4}));
        assertThat(segment.readBuffer().getInt(4096)).isEqualTo(0x01020304);
        assertThat(files.opensForWrite()).isEqualTo(1);
        segment.endWrites();
        segment.write(0, ByteBuffer.wrap(new byte[] {9}));
        assertThat(files.opensForWrite()).isEqualTo(2);
        assertThat(segment.readBuffer().get(0)).isEqualTo((byte) 9);
        assertThatThrownBy(() -> segment.write(8190, ByteBuffer.wrap(new byte[3])))
            .isInstanceOf(IndexOutOfBoundsException.class);
        segment.close();
    }

    @Test
    void theReadChannelSeesWhatTheMappingWroteAndClosesWhenTheFileIsUnmapped() throws Exception {
        Path path = dir.resolve(SegmentSet.fileName(0));
        MappedSegment segment = MappedSegment.map(io, path, 0, 8192);
        segment.writeBuffer().putLong(4096, 0x0102030405060708L);
        assertThat(segment.retain()).isTrue();
        FileChannel channel = segment.readChannel();
        assertThat(segment.readChannel()).as("one channel for every reader").isSameAs(channel);
        ByteBuffer read = ByteBuffer.allocate(8);
        channel.read(read, 4096);
        assertThat(read.flip().getLong()).as("the page cache the mapping wrote").isEqualTo(0x0102030405060708L);
        segment.close();
        assertThat(channel.isOpen()).as("a reader still holds the segment").isTrue();
        segment.release();
        assertThat(channel.isOpen()).isFalse();
        assertThat(segment.readChannel()).as("unmapped").isNull();
    }

    @Test
    void noReadChannelIsOpenedOnceTheFileIsUnlinkedForItsNameMayBeAnotherFilesThen() throws Exception {
        Path path = dir.resolve(SegmentSet.fileName(0));
        MappedSegment segment = MappedSegment.map(io, path, 0, 4096);
        assertThat(segment.retain()).isTrue();
        segment.unlinkAndClose();
        Files.write(path, new byte[4096]); // a new log's file under the same name
        assertThat(segment.readChannel()).isNull();
        assertThat(segment.readBuffer().capacity()).as("the mapping still serves the reader").isEqualTo(4096);
        segment.release();
    }

    @Test
    void staysMappedWhileAReaderHoldsItAndDeletesOnLastRelease() {
        Path path = dir.resolve(SegmentSet.fileName(0));
        MappedSegment segment = MappedSegment.map(io, path, 0, 4096);
        assertThat(segment.retain()).isTrue();
        ByteBuffer view = segment.readBuffer().slice(0, 16);
        segment.destroy();
        assertThat(segment.isMapped()).isTrue();
        assertThat(view.getInt(0)).isZero();
        assertThat(Files.exists(path)).isTrue();
        segment.release();
        assertThat(segment.isMapped()).isFalse();
        assertThat(segment.referenceCount()).isZero();
        assertThat(Files.exists(path)).isFalse();
        assertThat(segment.retain()).isFalse();
        assertThatThrownBy(() -> view.getInt(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void ownerCloseIsIdempotentAndOverReleaseIsABug() {
        MappedSegment segment = MappedSegment.map(io, dir.resolve(SegmentSet.fileName(0)), 0, 4096);
        segment.close();
        segment.close();
        assertThat(segment.isMapped()).isFalse();
        assertThatThrownBy(segment::release).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void pretouchLeavesZeroesAndKeepsWrittenBytes() {
        MappedSegment segment = MappedSegment.map(io, dir.resolve(SegmentSet.fileName(0)), 0, 3 * MappedSegment.PAGE_SIZE);
        segment.writeBuffer().put(10, (byte) 7);
        segment.pretouch(MappedSegment.PAGE_SIZE);
        assertThat(segment.readBuffer().get(10)).isEqualTo((byte) 7);
        assertThat(segment.readBuffer().get(2 * MappedSegment.PAGE_SIZE)).isZero();
        segment.close();
    }
}
