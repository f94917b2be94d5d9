package io.apogee.wire.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class CaptureFileTest {
    @Test
    void readsEveryFrameWithConsistentLengths() {
        List<CaptureFile.Frame> frames = CaptureFile.readAll();
        assertThat(frames).hasSize(18 + 18 + 49 + 49);
        for (CaptureFile.Frame frame : frames) {
            ByteBuffer buffer = frame.buffer();
            assertThat(buffer.getInt(0)).as(frame.toString()).isEqualTo(frame.bytes().length - 4);
            assertThat(buffer.getInt(4) & 0xFFFFFF).as(frame.toString()).isEqualTo(frame.headerLength());
            assertThat(8 + frame.headerLength() + frame.bodyLength()).as(frame.toString()).isEqualTo(frame.bytes().length);
        }
    }
}
