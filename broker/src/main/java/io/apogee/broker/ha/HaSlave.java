package io.apogee.broker.ha;

import io.apogee.common.agent.Agent;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.ReplicaStatus;
import io.apogee.transport.auth.Credentials;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slave's replication client: connects to its master's HA port, reports where its log ends (at once, whenever it
 * grows, and every heartbeat interval), and appends each frame's bytes to its store at exactly the frame's offset. An
 * empty slave also takes a first frame at a segment's start above 0, and its log begins there, as RocketMQ's slave's
 * does when its master no longer holds the log from 0 ({@link MessageStore#replicaMayBeginAt}). A
 * frame that does not start where the log ends, a frame longer than the slave takes, bytes that are not records of
 * their offset, or a master silent for {@value #SILENCE_MILLIS} ms close the connection with a log line; the next
 * attempt comes a heartbeat interval later, from where the log then ends. The master's address is the configured one,
 * or the one the name servers last named ({@link #masterAt}). With credentials, the slave first answers its master's
 * challenge ({@link HaHandshake}) and reports only after that.
 *
 * <p>Single-threaded: its runner's thread; {@link #masterAt} is safe for any thread.
 */
public final class HaSlave implements Agent {
    /** How long the master may stay silent (no frame, not even a heartbeat) before the slave reconnects (RocketMQ's). */
    static final long SILENCE_MILLIS = 20_000;
    /** The largest frame body taken: RocketMQ's slave reads into a buffer of this size too. */
    static final int MAX_BODY = 4 << 20;
    private static final int CONNECT_TIMEOUT_MILLIS = 3_000;
    private static final Logger LOG = LoggerFactory.getLogger(HaSlave.class);

    private final MessageStore store;
    private final Clock clock;
    private final long heartbeatMillis;
    private final ByteBuffer frames;
    private final ByteBuffer report = ByteBuffer.allocate(HaFrame.REPORT_LENGTH);
    private final Credentials credentials;
    private boolean challenged;
    private long connectedMillis;
    private volatile String masterAddress;
    /** Written by the replicating thread only; volatile for the status readers. */
    private volatile String connectedTo;
    private Selector selector;
    private SocketChannel channel;
    private long nextAttemptMillis;
    private volatile long lastReadMillis;
    private volatile long lastReportMillis;
    private volatile long bytesLastSecond;
    private long bytesThisSecond;
    private long secondStartMillis;
    private long reportedOffset = -1;
    /** The broker id sent before the first report of each connection (controller mode), or -1 for none. */
    private long identity = -1;
    private boolean identified;

    /**
     * A client appending to {@code store} (a replica: see {@link MessageStore#replicaOnly()}) what the master at
     * {@code masterAddress} ("host:port", or empty until the name servers name one) sends, reporting every
     * {@code heartbeatMillis}. Run it with an {@link io.apogee.common.agent.AgentRunner}.
     */
    public HaSlave(MessageStore store, Clock clock, String masterAddress, long heartbeatMillis) {
        this(store, clock, masterAddress, heartbeatMillis, null);
    }

    /**
     * As {@link #HaSlave(MessageStore, Clock, String, long)}, answering the master's challenge with
     * {@code credentials} (a super user of the master's); null for a master that asks none, as RocketMQ's.
     */
    public HaSlave(MessageStore store, Clock clock, String masterAddress, long heartbeatMillis, Credentials credentials) {
        this.credentials = credentials;
        this.store = store;
        this.clock = clock;
        this.heartbeatMillis = heartbeatMillis;
        this.masterAddress = masterAddress;
        this.frames = ByteBuffer.allocate(HaFrame.HEADER_LENGTH + MAX_BODY);
    }

    /**
     * Names this slave's broker id to the master on each connection, before its first report, so that a master in
     * controller mode can put it in the sync-state set. Only Apogee's masters understand it. Call before running.
     */
    public HaSlave identifiedAs(long brokerId) {
        this.identity = brokerId;
        return this;
    }

    /** Replicates from the master at {@code address} ("host:port") from the next connection on. Any thread. */
    public void masterAt(String address) {
        if (address != null && !address.isEmpty() && !address.equals(masterAddress)) {
            LOG.info("the master's HA address is now {}", address);
            masterAddress = address;
        }
    }

    /** The master replicated from, or null while not connected. Any thread. */
    String connectedTo() {
        return connectedTo;
    }

    /** What operators see of this slave's replication. Any thread. */
    public MasterLinkStatus status() {
        String master = connectedTo;
        return new MasterLinkStatus(master != null ? master : masterAddress, master != null, store.logEnd(),
            lastReadMillis, lastReportMillis, bytesLastSecond);
    }

    @Override
    public int doWork() throws IOException {
        long now = clock.millis();
        if (channel == null) {
            if (now < nextAttemptMillis || masterAddress == null || masterAddress.isEmpty()) {
                park(now);
                return 0;
            }
            connect(masterAddress, now);
            return 1;
        }
        if (!masterAddress.equals(connectedTo)) {
            disconnect("the master moved to " + masterAddress, now);
            return 1;
        }
        // frames wake it; the timeout is only for the next heartbeat report
        int work = selector.select(Math.max(1, lastReportMillis + heartbeatMillis - now));
        selector.selectedKeys().clear();
        try {
            work += challenged ? receive(now) : answerChallenge(now);
            if (channel != null && challenged) {
                work += reportIfDue(now);
            }
        } catch (IOException e) {
            disconnect("the connection failed: " + e.getMessage(), now);
        }
        if (channel != null && now - lastReadMillis > SILENCE_MILLIS) {
            disconnect("the master sent nothing for " + SILENCE_MILLIS + " ms", now);
        }
        return work;
    }

    /** Waits until the next attempt, at most a heartbeat interval, while there is no master to replicate from. */
    private void park(long now) throws IOException {
        if (selector == null) {
            selector = Selector.open();
        }
        selector.select(Math.clamp(nextAttemptMillis - now, 1, heartbeatMillis));
    }

    private void connect(String address, long now) {
        nextAttemptMillis = now + heartbeatMillis;
        SocketChannel opened = null;
        try {
            int colon = address.lastIndexOf(':');
            InetSocketAddress target = new InetSocketAddress(address.substring(0, colon),
                Integer.parseInt(address.substring(colon + 1)));
            opened = SocketChannel.open();
            opened.socket().connect(target, CONNECT_TIMEOUT_MILLIS);
            opened.configureBlocking(false);
            opened.socket().setTcpNoDelay(true);
            if (selector == null) {
                selector = Selector.open();
            }
            opened.register(selector, SelectionKey.OP_READ);
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot connect to the master at {} (again in {} ms): {}", address, heartbeatMillis, e.toString());
            close(opened);
            return;
        }
        channel = opened;
        connectedTo = address;
        frames.clear();
        lastReadMillis = now;
        connectedMillis = now;
        challenged = credentials == null;
        reportedOffset = -1;
        identified = identity < 0;
        LOG.info("replicating from the master at {} from offset {}", address, store.replicaEnd());
    }

    /** Answers the master's challenge once it has arrived whole; returns 1 when it did. */
    private int answerChallenge(long now) throws IOException {
        if (channel.read(frames) < 0) {
            disconnect("the master closed the connection before it asked to authenticate (is this slave's user a"
                + " super user at the master?)", now);
            return 0;
        }
        if (frames.position() < HaHandshake.CHALLENGE_LENGTH) {
            if (now - connectedMillis >= SlaveLink.HANDSHAKE_MILLIS) {
                disconnect("the master asked for no authentication within " + SlaveLink.HANDSHAKE_MILLIS + " ms;"
                    + " turn haAuthenticationEnabled on at the master too (RocketMQ's master has none)", now);
            }
            return 0;
        }
        frames.flip();
        if (!HaHandshake.isChallenge(frames, 0)) {
            disconnect("the master's first bytes are no authentication challenge; turn haAuthenticationEnabled on at"
                + " the master too (RocketMQ's master has none)", now);
            return 0;
        }
        ByteBuffer answer = HaHandshake.answer(credentials, HaHandshake.nonce(frames, 0));
        frames.position(HaHandshake.CHALLENGE_LENGTH).compact();
        while (answer.hasRemaining()) {
            if (channel.write(answer) == 0) {
                Thread.onSpinWait(); // a few hundred bytes into a fresh connection's empty socket buffer
            }
        }
        challenged = true;
        lastReadMillis = now;
        LOG.info("answered the master's challenge as user {}", credentials.accessKey());
        return 1;
    }

    /** Reads what arrived and appends every complete frame; returns the frames taken. */
    private int receive(long now) throws IOException {
        int read = channel.read(frames);
        if (read < 0) {
            disconnect("the master closed the connection", now);
            return 0;
        }
        if (read > 0) {
            lastReadMillis = now;
            bytesThisSecond += read;
        }
        if (now - secondStartMillis >= 1_000) {
            bytesLastSecond = bytesThisSecond;
            bytesThisSecond = 0;
            secondStartMillis = now;
        }
        frames.flip();
        int taken = 0;
        while (frames.remaining() >= HaFrame.HEADER_LENGTH) {
            int at = frames.position();
            long offset = frames.getLong(at + HaFrame.OFFSET_OFFSET);
            int length = frames.getInt(at + HaFrame.LENGTH_OFFSET);
            String refusal = refusal(offset, length);
            if (refusal != null) {
                disconnect(refusal, now);
                return taken;
            }
            if (frames.remaining() < HaFrame.HEADER_LENGTH + length) {
                break;
            }
            if (length > 0) {
                if (offset != store.replicaEnd()) {
                    LOG.info("this empty slave's log begins at offset {}, where the master's first frame starts (the"
                        + " start of the master's last segment)", offset);
                }
                ByteBuffer body = frames.slice(at + HaFrame.HEADER_LENGTH, length);
                ReplicaStatus status = store.appendReplicated(offset, body);
                if (status != ReplicaStatus.APPENDED) {
                    disconnect("the store refused the frame at offset " + offset + ": " + status, now);
                    return taken;
                }
            }
            frames.position(at + HaFrame.HEADER_LENGTH + length);
            taken++;
        }
        frames.compact();
        return taken;
    }

    /** Why a frame with this header is refused, or null. */
    private String refusal(long offset, int length) {
        if (HaHandshake.looksLikeChallenge(offset)) {
            return "the master asks slaves to authenticate: give this slave haAuthenticationEnabled=true and"
                + " innerClientAuthenticationCredentials of a super user of the master's";
        }
        if (length < 0 || length > MAX_BODY) {
            return "the master sent a frame of " + length + " bytes; a slave takes 0 to " + MAX_BODY;
        }
        long end = store.replicaEnd();
        if (offset == end || store.replicaMayBeginAt(offset)) {
            return null;
        }
        if (end == 0 && store.logEnd() == 0) {
            return "the master sent offset " + offset + " to this empty slave, whose log can begin only at 0 or at the"
                + " start of a segment: give both brokers the same mappedFileSizeCommitLog";
        }
        return "the master sent offset " + offset + " where this slave's log ends at " + end;
    }

    /** Reports the log's end when it grew, or when a heartbeat interval passed since the last report. */
    private int reportIfDue(long now) throws IOException {
        long end = store.replicaEnd();
        if (end == reportedOffset && now - lastReportMillis < heartbeatMillis) {
            return 0;
        }
        if (!identified) {
            HaFrame.identity(report, identity);
            while (report.hasRemaining()) {
                if (channel.write(report) == 0) {
                    Thread.onSpinWait();
                }
            }
            identified = true;
        }
        HaFrame.report(report, end);
        while (report.hasRemaining()) {
            if (channel.write(report) == 0) {
                Thread.onSpinWait(); // eight bytes into a socket buffer the master keeps draining
            }
        }
        reportedOffset = end;
        lastReportMillis = now;
        return 1;
    }

    private void disconnect(String reason, long now) {
        LOG.warn("closed the replication connection to the master at {} (again in {} ms): {}", connectedTo,
            heartbeatMillis, reason);
        close(channel);
        channel = null;
        connectedTo = null;
        nextAttemptMillis = now + heartbeatMillis;
    }

    private static void close(SocketChannel socket) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // the connection is gone either way
        }
    }

    @Override
    public void onClose() {
        close(channel);
        channel = null;
        if (selector != null) {
            try {
                selector.close();
            } catch (IOException ignored) {
                // nothing is left to release
            }
        }
    }

    @Override
    public String roleName() {
        return "apogee-ha-slave";
    }
}
