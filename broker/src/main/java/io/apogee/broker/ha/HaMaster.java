package io.apogee.broker.ha;

import io.apogee.common.agent.Agent;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A master's HA listener: accepts slaves on haListenPort (at most {@value #MAX_SLAVES}), and in each duty cycle reads
 * their reports and sends each the next frame of log ({@link SlaveLink}). One thread serves every slave with one
 * selector: a slave costs a connection and a few buffers, never a thread, and nothing here runs on the threads that
 * take sends and pulls. It waits for a socket event or for the store's appender, which wakes it when records are
 * published while it waits ({@link #logGrew()}); so new records go to a caught-up slave at once. While slaves are
 * connected it also wakes every {@value #POLL_MILLIS} ms for heartbeats and deadlines; with none, it sleeps until one
 * connects.
 * With a {@link SlaveAuthenticator}, a connection serves only once its slave authenticated ({@link HaHandshake}); at
 * most {@value #MAX_UNAUTHENTICATED} more connections wait for that beside the slaves.
 *
 * <p>Single-threaded: its runner's thread; {@link #ackedOffset()} and {@link #port()} are safe for any thread.
 */
public final class HaMaster implements Agent, ReplicaAcks, AutoCloseable {
    /** The most slaves served at once; one more is closed at accept. RocketMQ sets no limit. */
    static final int MAX_SLAVES = 8;
    /** The most connections that have not authenticated yet, beside the slaves. */
    static final int MAX_UNAUTHENTICATED = 8;
    /** The longest a cycle waits while slaves are connected: the resolution of heartbeats and handshake deadlines. */
    static final long POLL_MILLIS = 50;
    /** The longest a cycle waits for a slave to connect while none is: an accept wakes it at once. */
    static final long IDLE_POLL_MILLIS = 1_000;
    private static final Logger LOG = LoggerFactory.getLogger(HaMaster.class);

    private final MessageStore store;
    private final Clock clock;
    private final int batchBytes;
    private final long heartbeatMillis;
    private final Selector selector;
    private final ServerSocketChannel server;
    /** Copied on change (a slave connects or goes): the status readers iterate it from other threads. */
    private final List<SlaveLink> links = new CopyOnWriteArrayList<>();
    private final SlaveConfirmations confirmations;
    private final SlaveAuthenticator authenticator;
    /** How often each slave's lag is measured against the alarm. */
    static final long LAG_CHECK_MILLIS = 1_000;
    /** The lag (the age of the oldest record a slave lacks) past which a slave is logged and reported as behind. */
    private long alarmMillis = Long.MAX_VALUE;
    private long lastLagCheckMillis;
    /** Set while this thread waits in its selector: an appender that sees it wakes the selector. */
    private volatile boolean waiting;

    private HaMaster(MessageStore store, Clock clock, int batchBytes, long heartbeatMillis, Selector selector,
        ServerSocketChannel server, SlaveConfirmations confirmations, SlaveAuthenticator authenticator) {
        this.store = store;
        this.authenticator = authenticator;
        this.confirmations = confirmations;
        this.clock = clock;
        this.batchBytes = batchBytes;
        this.heartbeatMillis = heartbeatMillis;
        this.selector = selector;
        this.server = server;
    }

    /**
     * Binds {@code bindAddress:port} (0: a free port) for the slaves of {@code store}'s log, sent in frames of at
     * most {@code batchBytes}, with a heartbeat every {@code heartbeatMillis} to an idle slave. Run it with an
     * {@link io.apogee.common.agent.AgentRunner}.
     *
     * @throws UncheckedIOException when the port cannot be bound
     */
    public static HaMaster bind(MessageStore store, Clock clock, String bindAddress, int port, int batchBytes,
        long heartbeatMillis) {
        return bind(store, clock, bindAddress, port, batchBytes, heartbeatMillis, SlaveConfirmations.unwatched(), null);
    }

    /**
     * As {@link #bind(MessageStore, Clock, String, int, int, long)}, publishing each cycle's acks and slave count to
     * {@code confirmations} (what a SYNC_MASTER's store waits on), and serving only slaves that {@code authenticator}
     * lets in (null: every slave, as RocketMQ does).
     */
    public static HaMaster bind(MessageStore store, Clock clock, String bindAddress, int port, int batchBytes,
        long heartbeatMillis, SlaveConfirmations confirmations, SlaveAuthenticator authenticator) {
        Selector selector = null;
        ServerSocketChannel server = null;
        try {
            selector = Selector.open();
            server = ServerSocketChannel.open();
            // a master restarted on its port finds it free even while the last run's connections linger
            server.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            server.bind(new InetSocketAddress(bindAddress, port));
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
            return new HaMaster(store, clock, batchBytes, heartbeatMillis, selector, server, confirmations,
                authenticator);
        } catch (IOException e) {
            closeQuietly(server);
            closeQuietly(selector);
            throw new UncheckedIOException("cannot listen for slaves on " + bindAddress + ":" + port, e);
        }
    }

    /** The port slaves connect to. */
    public int port() {
        return server.socket().getLocalPort();
    }

    @Override
    public long ackedOffset() {
        return confirmations.confirmedPosition();
    }

    /**
     * Logs a slave whose oldest missing record is {@code millis} old or older, and reports it as falling behind, until
     * it catches up. Call before the runner starts.
     */
    public HaMaster alarmWhenBehindFor(long millis) {
        this.alarmMillis = millis;
        return this;
    }

    /** Every connected slave as operators see it. Any thread. */
    public List<SlaveStatus> slaves() {
        return links.stream().map(SlaveLink::status).toList();
    }

    @Override
    public int connectedSlaves() {
        return confirmations.connectedSlaves();
    }

    /**
     * Records were published: wakes this thread if it waits, so that they go to the slaves now. Called by the store's
     * appender after each batch: a volatile read, and a wake-up only for the first batch while this thread waits.
     */
    public void logGrew() {
        if (waiting) {
            waiting = false;
            selector.wakeup();
        }
    }

    @Override
    public int doWork() throws IOException {
        // with no slave, new records are nobody's news: the appender must not wake this thread for each batch
        waiting = !links.isEmpty();
        // records published before the flag was seen would wake no one: look once more before the wait
        boolean news = hasMoreToSend();
        // with no slave there is nothing to send: the thread sleeps until one connects
        int work = news ? selector.selectNow() : selector.select(links.isEmpty() ? IDLE_POLL_MILLIS : POLL_MILLIS);
        waiting = false;
        Iterator<SelectionKey> ready = selector.selectedKeys().iterator();
        while (ready.hasNext()) {
            SelectionKey key = ready.next();
            ready.remove();
            if (!key.isValid()) {
                continue;
            }
            if (key.isAcceptable()) {
                accept();
            } else if (key.isReadable()) {
                work += ((SlaveLink) key.attachment()).read();
            }
        }
        long now = clock.millis();
        long acked = -1;
        int serving = 0;
        Set<Long> members = confirmations.members();
        long membersAcked = Long.MAX_VALUE;
        int membersServing = 0;
        for (int i = links.size() - 1; i >= 0; i--) {
            SlaveLink link = links.get(i);
            try {
                if (link.closeReason() == null) {
                    work += (int) Math.min(Integer.MAX_VALUE, link.send(now));
                }
            } catch (IOException e) {
                drop(i, "the connection failed: " + e.getMessage());
                continue;
            }
            if (link.closeReason() != null) {
                drop(i, link.closeReason());
                continue;
            }
            if (link.serving()) {
                acked = Math.max(acked, link.ackedOffset());
                serving++;
                if (members != null && members.contains(link.brokerId())) {
                    membersAcked = Math.min(membersAcked, link.ackedOffset());
                    membersServing++;
                }
            }
        }
        if (members == null || members.isEmpty()) {
            confirmations.publish(acked, serving);
        } else {
            // every member must hold a record: one missing confirms nothing
            confirmations.publish(membersServing == members.size() ? membersAcked : -1, membersServing);
        }
        if (now - lastLagCheckMillis >= LAG_CHECK_MILLIS) {
            lastLagCheckMillis = now;
            checkLags(now);
        }
        return work;
    }

    /** Logs each slave that passed the lag alarm, or came back under it. */
    private void checkLags(long now) {
        long end = store.logEnd();
        for (int i = 0; i < links.size(); i++) {
            SlaveLink link = links.get(i);
            if (!link.serving()) {
                continue;
            }
            SlaveStatus slave = link.status();
            long lag = HaFigures.lagMillis(store, slave, end, now);
            if (link.fallingBehind(lag >= alarmMillis)) {
                if (lag >= alarmMillis) {
                    LOG.warn("slave {} is falling behind: it lacks {} bytes, the oldest stored {} ms ago", slave.address(),
                        slave.lagBytes(end), lag);
                } else {
                    LOG.info("slave {} caught up: it lacks {} bytes", slave.address(), slave.lagBytes(end));
                }
            }
        }
    }

    /** Whether a slave's socket could take log it does not have yet. */
    private boolean hasMoreToSend() {
        long end = store.logEnd();
        for (int i = 0; i < links.size(); i++) {
            if (links.get(i).canSendMore(end)) {
                return true;
            }
        }
        return false;
    }

    private void accept() throws IOException {
        SocketChannel channel = server.accept();
        if (channel == null) {
            return;
        }
        long serving = links.stream().filter(SlaveLink::serving).count();
        if (serving >= MAX_SLAVES || links.size() - serving >= MAX_UNAUTHENTICATED) {
            LOG.warn("refused slave {}: {} slaves and {} unauthenticated connections are open already; a master takes"
                + " at most {} and {}", channel.getRemoteAddress(), serving, links.size() - serving, MAX_SLAVES,
                MAX_UNAUTHENTICATED);
            channel.close();
            return;
        }
        channel.configureBlocking(false);
        channel.socket().setTcpNoDelay(true);
        SelectionKey key = channel.register(selector, SelectionKey.OP_READ);
        SlaveLink link = new SlaveLink(channel, key, store, batchBytes, heartbeatMillis, clock.millis(), authenticator);
        key.attach(link);
        links.add(link);
        link.challenge();
        LOG.info("slave {} connected for replication{}", link.peer(), link.serving() ? "" : ", asked to authenticate");
    }

    private void drop(int index, String reason) {
        SlaveLink link = links.remove(index);
        LOG.warn("closed the replication connection of slave {}: {}", link.peer(), reason);
        link.close();
    }

    /** Closes every slave's connection and the listener; runs on the agent's thread as its runner stops. */
    @Override
    public void onClose() {
        close();
    }

    /** Closes every slave's connection and the listener. The agent's thread, or after it stopped. */
    @Override
    public void close() {
        for (SlaveLink link : links) {
            link.close();
        }
        links.clear();
        closeQuietly(server);
        closeQuietly(selector);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            // nothing is left to release
        }
    }

    @Override
    public String roleName() {
        return "apogee-ha-master";
    }
}
