package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.testing.TempStore;
import io.apogee.common.time.ManualClock;
import io.apogee.store.commitlog.LogSlice;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slave's side of the HA protocol against a master played by the test on a loopback socket: the slave reports
 * where its log ends, appends a frame at exactly that offset and reports the new end, and closes the connection on a
 * frame that starts anywhere else.
 */
class HaSlaveTest {
    private static final long HEARTBEAT = 1_000;
    private static final int MAX_CYCLES = 2_000;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    @Test
    void theSlaveAppendsAFrameAtItsEndReportsTheNewEndAndClosesOnAFrameThatStartsElsewhere() throws Exception {
        try (TempStore source = new TempStore(dir.resolve("source"), clock);
             TempStore replica = new TempStore(dir.resolve("replica"), clock);
             ServerSocket fakeMaster = new ServerSocket(0)) {
            source.put("T", 0, "first");
            source.put("T", 1, "second");
            long end = source.store().logEnd();
            replica.store().replicaOnly();
            HaSlave slave = new HaSlave(replica.store(), clock, "", HEARTBEAT);
            slave.doWork();
            assertThat(slave.connectedTo()).as("no master named yet").isNull();
            slave.masterAt("127.0.0.1:" + fakeMaster.getLocalPort());
            slave.doWork();
            try (Socket link = fakeMaster.accept()) {
                link.setSoTimeout(10_000);
                DataInputStream in = new DataInputStream(link.getInputStream());
                DataOutputStream out = new DataOutputStream(link.getOutputStream());
                slave.doWork();
                assertThat(in.readLong()).as("the first report").isZero();

                try (LogSlice log = source.store().sliceLog(0, (int) end)) {
                    byte[] bytes = new byte[(int) end];
                    log.bytes().get(bytes);
                    out.writeLong(0);
                    out.writeInt(bytes.length);
                    out.write(bytes);
                }
                for (int cycle = 0; cycle < MAX_CYCLES && replica.store().logEnd() != end; cycle++) {
                    slave.doWork();
                }
                assertThat(replica.store().logEnd()).isEqualTo(end);
                slave.doWork();
                assertThat(in.readLong()).as("the report of the new end").isEqualTo(end);
                assertThat(replica.read("T", 1)).hasSize(1);

                out.writeLong(end + 8);
                out.writeInt(0);
                link.setSoTimeout(20);
                boolean closed = false;
                for (int cycle = 0; cycle < MAX_CYCLES && !closed; cycle++) {
                    slave.doWork();
                    try {
                        closed = in.read() < 0;
                    } catch (SocketTimeoutException stillOpen) {
                        // another cycle
                    }
                }
                assertThat(closed).as("the slave closes on a frame that does not start at its end").isTrue();
                assertThat(replica.store().logEnd()).isEqualTo(end);
            } finally {
                slave.onClose();
            }
        }
    }
}
