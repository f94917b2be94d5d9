package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import io.apogee.broker.testing.TempStore;
import io.apogee.common.time.ManualClock;
import io.apogee.transport.auth.Credentials;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The authenticated opening of a replication connection over loopback sockets, the master's cycle driven by the test:
 * a slave that answers its challenge as an enabled super user is served; a wrong secret, a normal, disabled or
 * unknown user, a classic slave, an oversized answer and a silent connection are closed without a byte of the log;
 * and Apogee's slave answers and replicates, or names what is missing.
 */
class HaAuthenticationTest {
    private static final int BATCH = 1_024;
    private static final long HEARTBEAT = 1_000;
    private static final int MAX_CYCLES = 2_000;
    private static final Credentials SLAVE = new Credentials("replicator", "replicator-secret");
    private static final Map<String, User> USERS = Map.of(
        "replicator", new User("replicator", "replicator-secret", UserType.SUPER, UserStatus.ENABLE),
        "reader", new User("reader", "reader-secret", UserType.NORMAL, UserStatus.ENABLE),
        "retired", new User("retired", "retired-secret", UserType.SUPER, UserStatus.DISABLE));

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    @Test
    void aSlaveAnsweringAsAnEnabledSuperUserGetsTheLog() throws Exception {
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = authenticatingMaster(store);
             Socket slave = connect(master)) {
            store.put("T", 0, "replicated");
            DataInputStream in = new DataInputStream(slave.getInputStream());
            byte[] nonce = readChallenge(master, in);
            DataOutputStream out = new DataOutputStream(slave.getOutputStream());
            out.write(bytes(HaHandshake.answer(SLAVE, nonce)));
            out.writeLong(0);
            for (int cycle = 0; cycle < MAX_CYCLES && in.available() < HaFrame.HEADER_LENGTH; cycle++) {
                master.doWork();
            }
            assertThat(in.readLong()).as("the first frame's offset").isZero();
            assertThat(in.readInt()).as("the whole log in one frame").isEqualTo((int) store.store().logEnd());
            assertThat(master.connectedSlaves()).isOne();
        }
    }

    @Test
    void wrongSecretsAndUsersThatMayNotReadEverythingAreClosedWithoutTheLog() throws Exception {
        Credentials[] refused = {new Credentials("replicator", "guessed"), new Credentials("reader", "reader-secret"),
            new Credentials("retired", "retired-secret"), new Credentials("stranger", "stranger-secret")};
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = authenticatingMaster(store)) {
            store.put("T", 0, "kept from them");
            for (Credentials credentials : refused) {
                try (Socket slave = connect(master)) {
                    DataInputStream in = new DataInputStream(slave.getInputStream());
                    byte[] nonce = readChallenge(master, in);
                    DataOutputStream out = new DataOutputStream(slave.getOutputStream());
                    out.write(bytes(HaHandshake.answer(credentials, nonce)));
                    out.writeLong(0);
                    assertThat(closedByMaster(master, in)).as(credentials.accessKey()).isTrue();
                    assertThat(master.connectedSlaves()).isZero();
                }
            }
        }
    }

    @Test
    void anAnswerToAnotherConnectionsChallengeIsRefused() throws Exception {
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = authenticatingMaster(store);
             Socket first = connect(master);
             Socket second = connect(master)) {
            byte[] firstNonce = readChallenge(master, new DataInputStream(first.getInputStream()));
            DataInputStream in = new DataInputStream(second.getInputStream());
            byte[] secondNonce = readChallenge(master, in);
            assertThat(secondNonce).isNotEqualTo(firstNonce);
            new DataOutputStream(second.getOutputStream()).write(bytes(HaHandshake.answer(SLAVE, firstNonce)));
            assertThat(closedByMaster(master, in)).isTrue();
        }
    }

    @Test
    void aClassicSlaveAnOversizedAnswerAndASilentConnectionAreClosed() throws Exception {
        try (TempStore store = new TempStore(dir, clock);
             HaMaster master = authenticatingMaster(store)) {
            try (Socket classic = connect(master)) {
                DataInputStream in = new DataInputStream(classic.getInputStream());
                readChallenge(master, in);
                new DataOutputStream(classic.getOutputStream()).writeLong(0); // a report where the answer belongs
                assertThat(closedByMaster(master, in)).as("a classic slave").isTrue();
            }
            try (Socket oversized = connect(master)) {
                DataInputStream in = new DataInputStream(oversized.getInputStream());
                readChallenge(master, in);
                DataOutputStream out = new DataOutputStream(oversized.getOutputStream());
                out.writeInt(HaHandshake.MAGIC);
                out.writeShort(0xFFFF); // an access key longer than any answer buffer
                assertThat(closedByMaster(master, in)).as("an oversized answer").isTrue();
            }
            try (Socket silent = connect(master)) {
                DataInputStream in = new DataInputStream(silent.getInputStream());
                readChallenge(master, in);
                assertThat(closedByMaster(master, in, 5)).as("within the handshake time").isFalse();
                clock.advanceMillis(SlaveLink.HANDSHAKE_MILLIS);
                assertThat(closedByMaster(master, in)).as("after it").isTrue();
            }
        }
    }

    @Test
    void apogeesSlaveAnswersAndReplicatesAndOneWithoutCredentialsGetsNothing() throws Exception {
        try (TempStore source = new TempStore(dir.resolve("source"), clock);
             TempStore replica = new TempStore(dir.resolve("replica"), clock);
             TempStore stranger = new TempStore(dir.resolve("stranger"), clock);
             HaMaster master = authenticatingMaster(source)) {
            source.put("T", 0, "first");
            source.put("T", 1, "second");
            long end = source.store().logEnd();
            replica.store().replicaOnly();
            stranger.store().replicaOnly();
            String address = "127.0.0.1:" + master.port();
            HaSlave slave = new HaSlave(replica.store(), clock, address, HEARTBEAT, SLAVE);
            HaSlave unsigned = new HaSlave(stranger.store(), clock, address, HEARTBEAT);
            try {
                for (int cycle = 0; cycle < MAX_CYCLES && replica.store().logEnd() != end; cycle++) {
                    slave.doWork();
                    unsigned.doWork();
                    master.doWork();
                }
                assertThat(replica.store().logEnd()).isEqualTo(end);
                assertThat(replica.read("T", 1)).hasSize(1);
                assertThat(stranger.store().logEnd()).as("no byte of the log without credentials").isZero();
                assertThat(master.connectedSlaves()).isOne();
            } finally {
                slave.onClose();
                unsigned.onClose();
            }
        }
    }

    private HaMaster authenticatingMaster(TempStore store) {
        return HaMaster.bind(store.store(), clock, "127.0.0.1", 0, BATCH, HEARTBEAT, SlaveConfirmations.unwatched(),
            new SlaveAuthenticator(USERS::get));
    }

    private static Socket connect(HaMaster master) throws IOException {
        Socket socket = new Socket("127.0.0.1", master.port());
        socket.setSoTimeout(20);
        return socket;
    }

    /** Drives the master until the challenge arrived; returns its nonce. */
    private static byte[] readChallenge(HaMaster master, DataInputStream in) throws IOException {
        for (int cycle = 0; cycle < MAX_CYCLES && in.available() < HaHandshake.CHALLENGE_LENGTH; cycle++) {
            master.doWork();
        }
        byte[] challenge = new byte[HaHandshake.CHALLENGE_LENGTH];
        in.readFully(challenge);
        ByteBuffer buffer = ByteBuffer.wrap(challenge);
        assertThat(HaHandshake.isChallenge(buffer, 0)).isTrue();
        return HaHandshake.nonce(buffer, 0);
    }

    private static boolean closedByMaster(HaMaster master, InputStream in) throws IOException {
        return closedByMaster(master, in, 200);
    }

    /** Drives the master until the socket sees the end of the stream, and checks no log byte came first. */
    private static boolean closedByMaster(HaMaster master, InputStream in, int cycles) throws IOException {
        for (int cycle = 0; cycle < cycles; cycle++) {
            master.doWork();
            try {
                int next = in.read();
                if (next < 0) {
                    return true;
                }
                throw new AssertionError("the master sent a byte to a connection that did not authenticate");
            } catch (SocketTimeoutException stillOpen) {
                // nothing yet: another cycle
            }
        }
        return false;
    }

    private static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}
