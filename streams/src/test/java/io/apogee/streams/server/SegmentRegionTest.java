package io.apogee.streams.server;

import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.NioFileIo;
import io.netty.buffer.Unpooled;
import io.netty.channel.MessageSizeEstimator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SegmentRegionTest {
    @TempDir
    Path dir;

    @Test
    void sendsItsBytesOfTheFileFromWhereTheLastWriteStoppedAndReleasesTheSegmentOnce() throws Exception {
        MappedSegment segment = MappedSegment.map(new FencedIo(new NioFileIo(), new DiskFence()), dir.resolve("0"), 0, 4096);
        for (int i = 0; i < 4096; i++) {
            segment.writeBuffer().put(i, (byte) i);
        }
        assertThat(segment.retain()).isTrue();
        SegmentRegion region = new SegmentRegion(segment, segment.readChannel(), 100, 50);
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        WritableByteChannel socket = Channels.newChannel(sent);

        assertThat(region.transferTo(socket, 0)).isEqualTo(50);
        assertThat(region.transferred()).isEqualTo(50);
        assertThat(region.transferTo(socket, 50)).as("nothing left").isZero();
        byte[] expected = new byte[50];
        for (int i = 0; i < 50; i++) {
            expected[i] = (byte) (100 + i);
        }
        assertThat(sent.toByteArray()).isEqualTo(expected);

        assertThat(segment.referenceCount()).isEqualTo(2);
        assertThat(region.release()).isTrue();
        assertThat(segment.referenceCount()).as("the region's reference is given back").isEqualTo(1);
        segment.close();
        assertThat(segment.isMapped()).isFalse();
    }

    @Test
    void aPartialWriteResumesWhereItStopped() throws Exception {
        MappedSegment segment = MappedSegment.map(new FencedIo(new NioFileIo(), new DiskFence()), dir.resolve("0"), 0, 4096);
        segment.writeBuffer().put(10, (byte) 7).put(11, (byte) 8);
        assertThat(segment.retain()).isTrue();
        SegmentRegion region = new SegmentRegion(segment, segment.readChannel(), 10, 2);
        ByteArrayOutputStream sent = new ByteArrayOutputStream();

        assertThat(region.transferTo(Channels.newChannel(sent), 1)).as("Netty passes what it already sent").isEqualTo(1);
        assertThat(sent.toByteArray()).containsExactly(8);
        region.release();
        segment.close();
    }

    @Test
    void aRegionCountsItsBytesLeftTowardTheWriteBufferAsABufferCountsItsOwn() throws Exception {
        MappedSegment segment = MappedSegment.map(new FencedIo(new NioFileIo(), new DiskFence()), dir.resolve("0"), 0, 4096);
        assertThat(segment.retain()).isTrue();
        SegmentRegion region = new SegmentRegion(segment, segment.readChannel(), 0, 3000);
        MessageSizeEstimator.Handle sizes = PendingBytesEstimator.INSTANCE.newHandle();

        assertThat(sizes.size(region)).isEqualTo(3000);
        region.transferTo(Channels.newChannel(new ByteArrayOutputStream()), 0);
        assertThat(sizes.size(region)).as("all sent").isZero();
        assertThat(sizes.size(Unpooled.wrappedBuffer(new byte[17]))).isEqualTo(17);
        region.release();
        segment.close();
    }
}
