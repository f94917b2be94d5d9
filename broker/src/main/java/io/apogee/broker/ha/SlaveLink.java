package io.apogee.broker.ha;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.LogSlice;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One slave's connection on the master: reads its reports (validated against the master's log), and sends it the log
 * from the offset of its first report, frame after frame of at most the batch size, each body a read-only slice of the
 * mapped segment handed to the socket as it is; an empty frame when nothing was sent for a heartbeat interval. An
 * empty slave (a first report of 0) of a log whose start retention deleted gets the log from the start of the last
 * segment, as RocketMQ's master sends it. With an authenticator, the connection first carries a {@link HaHandshake}:
 * nothing is read as a report and nothing of the log is sent until the slave answered its challenge as a super user,
 * within {@value #HANDSHAKE_MILLIS} ms.
 *
 * <p>Single-threaded: the {@link HaMaster}'s thread.
 */
final class SlaveLink {
    /** How long a slave has to answer its challenge before the master closes the connection. */
    static final long HANDSHAKE_MILLIS = 5_000;
    /** Reports a slave may send between two reads before the rest waits in the socket. */
    private static final int REPORTS_PER_READ = 8;
    /** The body of a heartbeat: nothing. */
    private static final ByteBuffer NO_BODY = ByteBuffer.allocate(0);

    private final SocketChannel channel;
    private final SelectionKey key;
    private final MessageStore store;
    private final int batchBytes;
    private final long heartbeatMillis;
    private final ByteBuffer reports = ByteBuffer.allocate(HaFrame.REPORT_LENGTH * REPORTS_PER_READ);
    private final ByteBuffer header = ByteBuffer.allocate(HaFrame.HEADER_LENGTH);
    private final ByteBuffer[] frame = new ByteBuffer[2];
    private final SlaveAuthenticator authenticator;
    private final long openedMillis;
    private byte[] nonce;
    private ByteBuffer answer;
    private boolean serving;
    private LogSlice body;
    private long nextTransfer = -1;
    /** Written by the master's thread only; volatile for the status readers. */
    private volatile long ackedOffset = -1;
    private volatile long transferFrom = -1;
    private volatile long bytesLastSecond;
    private volatile boolean fallingBehind;
    private volatile long brokerId = -1;
    private long bytesThisSecond;
    private long secondStartMillis;
    private long lastSentMillis;
    private String closeReason;

    /**
     * A link that serves at once when {@code authenticator} is null, and after {@link #challenge()} and the slave's
     * answer otherwise.
     */
    SlaveLink(SocketChannel channel, SelectionKey key, MessageStore store, int batchBytes, long heartbeatMillis,
        long nowMillis, SlaveAuthenticator authenticator) {
        this.authenticator = authenticator;
        this.openedMillis = nowMillis;
        this.serving = authenticator == null;
        this.channel = channel;
        this.key = key;
        this.store = store;
        this.batchBytes = batchBytes;
        this.heartbeatMillis = heartbeatMillis;
        this.lastSentMillis = nowMillis;
        header.limit(0);
    }

    /** The slave's address, for log lines. */
    String peer() {
        try {
            return String.valueOf(channel.getRemoteAddress());
        } catch (IOException closed) {
            return "a closed connection";
        }
    }

    /** The broker id the slave named (controller mode), or -1. Any thread. */
    long brokerId() {
        return brokerId;
    }

    /** The offset the slave reported last; -1 before its first report. Any thread. */
    long ackedOffset() {
        return ackedOffset;
    }

    /** What operators see of this slave: its address, ack, first offset and rate. Any thread. */
    SlaveStatus status() {
        return new SlaveStatus(peer(), serving, ackedOffset, transferFrom, bytesLastSecond, fallingBehind, brokerId);
    }

    /**
     * Records whether the oldest record the slave lacks is older than the alarm allows; returns true when that
     * changed. The master's thread.
     */
    boolean fallingBehind(boolean behind) {
        boolean changed = behind != fallingBehind;
        fallingBehind = behind;
        return changed;
    }

    /** Why the link must close, or null while it is healthy. */
    String closeReason() {
        return closeReason;
    }

    /**
     * Sends the challenge a slave must answer; does nothing without an authenticator. A challenge the fresh socket does
     * not take at once marks the link for closing.
     */
    void challenge() {
        if (serving) {
            return;
        }
        nonce = authenticator.nonce();
        answer = ByteBuffer.allocate(HaHandshake.MAX_ANSWER_LENGTH);
        ByteBuffer challenge = HaHandshake.challenge(ByteBuffer.allocate(HaHandshake.CHALLENGE_LENGTH), nonce);
        try {
            channel.write(challenge);
        } catch (IOException e) {
            closeReason = "the connection failed: " + e.getMessage();
            return;
        }
        if (challenge.hasRemaining()) {
            closeReason = "the connection did not take the authentication challenge";
        }
    }

    /** Whether the slave is replicating: authenticated, or never asked to. */
    boolean serving() {
        return serving;
    }

    /** Reads the reports waiting; returns how many. A report the master cannot honour marks the link for closing. */
    int read() {
        int count = 0;
        try {
            if (channel.read(serving ? reports : answer) < 0) {
                closeReason = "the slave closed the connection";
                return 0;
            }
        } catch (IOException e) {
            closeReason = "the connection failed: " + e.getMessage();
            return 0;
        }
        if (!serving) {
            return readAnswer();
        }
        reports.flip();
        while (reports.remaining() >= HaFrame.REPORT_LENGTH && closeReason == null) {
            onReport(reports.getLong());
            count++;
        }
        reports.compact();
        return count;
    }

    /** Checks the slave's answer once it is whole; reports that came right behind it are taken as reports. */
    private int readAnswer() {
        answer.flip();
        if (answer.remaining() >= Integer.BYTES && answer.getInt(0) != HaHandshake.MAGIC) {
            closeReason = "authentication failed: " + authenticator.refusal(nonce, answer);
            return 0;
        }
        int length = HaHandshake.answerLength(answer);
        if (length > HaHandshake.MAX_ANSWER_LENGTH) {
            closeReason = "authentication failed: an answer of " + length + " bytes, over the "
                + HaHandshake.MAX_ANSWER_LENGTH + " an access key of at most " + HaHandshake.MAX_ACCESS_KEY
                + " bytes makes";
            return 0;
        }
        if (length < 0 || answer.remaining() < length) {
            answer.compact();
            return 0;
        }
        String refusal = authenticator.refusal(nonce, answer.slice(0, length));
        if (refusal != null) {
            closeReason = "authentication failed: " + refusal;
            return 0;
        }
        serving = true;
        answer.position(length);
        int count = 0;
        while (answer.remaining() >= HaFrame.REPORT_LENGTH && closeReason == null) {
            onReport(answer.getLong());
            count++;
        }
        reports.put(answer);
        answer = null;
        nonce = null;
        return 1 + count;
    }

    private void onReport(long offset) {
        if (HaFrame.isIdentity(offset)) {
            brokerId = HaFrame.identityOf(offset);
            return;
        }
        long end = store.logEnd();
        if (offset < 0 || offset > end) {
            closeReason = "the slave reports offset " + offset + ", beyond the master's max offset " + end
                + ": it holds a log this master never wrote";
            return;
        }
        if (nextTransfer < 0) {
            long start = store.logStart();
            long from = offset;
            if (offset == 0 && start > 0) {
                // an empty slave of a log retention cut: RocketMQ's master starts it at its last segment's start
                from = end - end % store.config().commitLog().segmentSize();
            }
            if (from < start) {
                closeReason = "the slave reports offset " + offset + ", before the master's first offset " + start
                    + " (retention deleted the rest): empty the slave's store, and it begins at the master's last"
                    + " segment";
                return;
            }
            nextTransfer = from;
            transferFrom = from;
        }
        ackedOffset = offset;
    }

    /** Whether the log ends past what was sent and no frame waits for the socket: the next frame can go now. */
    boolean canSendMore(long logEnd) {
        return serving && closeReason == null && nextTransfer >= 0 && nextTransfer < logEnd && !header.hasRemaining()
            && body == null;
    }

    /** Sends what is due: the rest of a frame, the next frame of log, or a heartbeat. Returns the bytes written. */
    long send(long nowMillis) throws IOException {
        if (nowMillis - secondStartMillis >= 1_000) {
            bytesLastSecond = bytesThisSecond;
            bytesThisSecond = 0;
            secondStartMillis = nowMillis;
        }
        if (!serving) {
            if (nowMillis - openedMillis >= HANDSHAKE_MILLIS) {
                closeReason = "the slave did not authenticate within " + HANDSHAKE_MILLIS + " ms";
            }
            return 0;
        }
        long written = 0;
        if (header.hasRemaining() || body != null) {
            written = writeFrame();
            if (header.hasRemaining() || body != null) {
                return written;
            }
        }
        if (nextTransfer < 0) {
            return written;
        }
        body = store.sliceLog(nextTransfer, batchBytes);
        if (body != null) {
            HaFrame.header(header, nextTransfer, body.bytes().remaining());
            nextTransfer += body.bytes().remaining();
        } else if (nowMillis - lastSentMillis >= heartbeatMillis) {
            HaFrame.header(header, nextTransfer, 0);
        } else {
            return written;
        }
        lastSentMillis = nowMillis;
        return written + writeFrame();
    }

    /** Writes as much of the frame as the socket takes; asks for a write event when it takes less. */
    private long writeFrame() throws IOException {
        frame[0] = header;
        frame[1] = body != null ? body.bytes() : NO_BODY;
        long written = channel.write(frame);
        bytesThisSecond += written;
        boolean done = !header.hasRemaining() && (body == null || !body.bytes().hasRemaining());
        if (done && body != null) {
            body.close(); // the socket has every byte: the segment may go
            body = null;
        }
        frame[1] = null;
        key.interestOps(done ? SelectionKey.OP_READ : SelectionKey.OP_READ | SelectionKey.OP_WRITE);
        return written;
    }

    /** Gives back the segment of a frame not fully sent, and closes the connection. */
    void close() {
        if (body != null) {
            body.close();
            body = null;
        }
        key.cancel();
        try {
            channel.close();
        } catch (IOException ignored) {
            // the connection is gone either way
        }
    }
}
