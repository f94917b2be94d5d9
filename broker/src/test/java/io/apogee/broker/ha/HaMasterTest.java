package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.testing.TempStore;
import io.apogee.common.time.ManualClock;
import io.apogee.store.commitlog.LogSlice;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The master's side of the HA protocol over real loopback sockets, its duty cycle driven by the test: frames from the
 * reported offset with the log's own bytes, heartbeats when idle, the slave's ack, and the reports and connections it
 * refuses.
 */
class HaMasterTest {
    private static final int BATCH = 100;
    private static final long HEARTBEAT = 1_000;
    private static final int READ_TIMEOUT_MILLIS = 20;
    private static final int MAX_CYCLES = 2_000;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    @Test
    void aSlaveGetsTheLogFromItsReportedOffsetInFramesOfTheMappedBytesThenHeartbeats() throws Exception {
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = HaMaster.bind(store.store(), clock, "127.0.0.1", 0, BATCH, HEARTBEAT);
             Socket slave = connect(master)) {
            for (int i = 0; i < 6; i++) {
                store.put("T", i % 2, "message " + i);
            }
            long end = store.store().logEnd();
            long from = end / 3; // any offset the master holds: the frames start there
            new DataOutputStream(slave.getOutputStream()).writeLong(from);
            ByteBuffer copy = ByteBuffer.allocate((int) (end - from));
            DataInputStream in = new DataInputStream(slave.getInputStream());
            long next = from;
            for (int cycle = 0; cycle < MAX_CYCLES && next < end; cycle++) {
                master.doWork();
                while (in.available() >= HaFrame.HEADER_LENGTH) {
                    assertThat(in.readLong()).isEqualTo(next);
                    int length = in.readInt();
                    assertThat(length).isBetween(1, BATCH);
                    in.readFully(copy.array(), (int) (next - from), length);
                    next += length;
                }
            }
            assertThat(next).isEqualTo(end);
            try (LogSlice log = store.store().sliceLog(from, (int) (end - from))) {
                assertThat(copy.rewind()).isEqualTo(log.bytes());
            }
            assertThat(master.ackedOffset()).isEqualTo(from);

            new DataOutputStream(slave.getOutputStream()).writeLong(end);
            for (int cycle = 0; cycle < MAX_CYCLES && master.ackedOffset() != end; cycle++) {
                master.doWork();
            }
            assertThat(master.ackedOffset()).isEqualTo(end);
            master.doWork();
            assertThat(in.available()).as("no heartbeat before its interval").isZero();
            clock.advanceMillis(HEARTBEAT);
            for (int cycle = 0; cycle < MAX_CYCLES && in.available() < HaFrame.HEADER_LENGTH; cycle++) {
                master.doWork();
            }
            assertThat(in.readLong()).isEqualTo(end);
            assertThat(in.readInt()).as("a heartbeat's length").isZero();
        }
    }

    @Test
    void aSlaveWhoseOldestMissingRecordPassesTheAlarmIsReportedUntilItCatchesUp() throws Exception {
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = HaMaster.bind(store.store(), clock, "127.0.0.1", 0, BATCH, HEARTBEAT)
                 .alarmWhenBehindFor(1_000);
             Socket slave = connect(master)) {
            store.put("T", 0, "waiting for the slave");
            DataOutputStream out = new DataOutputStream(slave.getOutputStream());
            out.writeLong(0);
            for (int cycle = 0; cycle < MAX_CYCLES && master.ackedOffset() != 0; cycle++) {
                master.doWork();
            }
            assertThat(figures(store, master)).containsEntry("haSlaveNum", "1").containsEntry("haFallingBehindSlaveNum", "0");
            clock.advanceMillis(1_500);
            master.doWork();
            assertThat(figures(store, master)).containsEntry("haFallingBehindSlaveNum", "1")
                .containsEntry("haMaxLagMillis", "1500")
                .containsEntry("haMaxLagBytes", Long.toString(store.store().logEnd()));

            out.writeLong(store.store().logEnd());
            for (int cycle = 0; cycle < MAX_CYCLES && master.ackedOffset() != store.store().logEnd(); cycle++) {
                master.doWork();
            }
            clock.advanceMillis(HaMaster.LAG_CHECK_MILLIS);
            master.doWork();
            assertThat(figures(store, master)).containsEntry("haFallingBehindSlaveNum", "0")
                .containsEntry("haMaxLagMillis", "0").containsEntry("haInSyncSlaveNum", "1");
        }
    }

    private Map<String, String> figures(TempStore store, HaMaster master) {
        return HaFigures.ofMaster(store.store(), master.slaves(), 1 << 20, clock.millis());
    }

    @Test
    void aReportBeyondTheMastersEndClosesTheConnection() throws Exception {
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = HaMaster.bind(store.store(), clock, "127.0.0.1", 0, BATCH, HEARTBEAT);
             Socket slave = connect(master)) {
            store.put("T", 0, "only");
            new DataOutputStream(slave.getOutputStream()).writeLong(store.store().logEnd() + 1);
            assertThat(closedByMaster(master, slave)).isTrue();
            assertThat(master.ackedOffset()).isEqualTo(-1);
        }
    }

    @Test
    void slavesPastTheLimitAreClosedAtOnceAndTheOthersStay() throws Exception {
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = HaMaster.bind(store.store(), clock, "127.0.0.1", 0, BATCH, HEARTBEAT)) {
            List<Socket> slaves = new ArrayList<>();
            try {
                for (int i = 0; i < HaMaster.MAX_SLAVES; i++) {
                    slaves.add(connect(master));
                    master.doWork(); // accepted in order: the first ones take the places
                }
                Socket oneTooMany = connect(master);
                slaves.add(oneTooMany);
                assertThat(closedByMaster(master, oneTooMany)).isTrue();
                assertThat(closedByMaster(master, slaves.getFirst(), 10)).isFalse();
            } finally {
                for (Socket slave : slaves) {
                    slave.close();
                }
            }
        }
    }

    private static Socket connect(HaMaster master) throws IOException {
        Socket socket = new Socket("127.0.0.1", master.port());
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return socket;
    }

    private static boolean closedByMaster(HaMaster master, Socket slave) throws IOException {
        return closedByMaster(master, slave, 200);
    }

    /** Drives the master until the slave's socket sees the end of the stream; false if it does not within the cycles. */
    private static boolean closedByMaster(HaMaster master, Socket slave, int cycles) throws IOException {
        InputStream in = slave.getInputStream();
        for (int cycle = 0; cycle < cycles; cycle++) {
            master.doWork();
            try {
                if (in.read() < 0) {
                    return true;
                }
            } catch (SocketTimeoutException stillOpen) {
                // nothing yet: another cycle
            }
        }
        return false;
    }
}
