package io.apogee.broker.namesrv;

import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.agent.Scheduler;
import io.apogee.common.time.Clock;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportException;
import io.apogee.transport.auth.RequestSigner;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers this broker with separate name servers, as a RocketMQ broker does: REGISTER_BROKER (103) with every topic
 * at start, every {@code periodMillis} after, and at once when a topic is created (so that a topic created by a first
 * send through TBW102 gets its own route); UNREGISTER_BROKER (104) on close. The topic table carries a data version
 * (a counter and the time of the last change) that tells the name server whether to re-read the topics. Creations
 * that come faster than registrations are sent share one registration.
 *
 * <p>With a split size, a table of that many topics or more goes in several REGISTER_BROKER requests of that many
 * topics each, all with the same data version, as RocketMQ 5 sends them with {@code enableSplitRegistration}: no
 * body then nears the frame limit. RocketMQ's name server adds each part's topics to the routes. Each part also
 * carries {@value #PART_KEY} and {@value #PARTS_KEY} (ignored by RocketMQ), with which Apogee's name server drops the
 * topics that the whole registration no longer has only once the last part is in (docs/protocol.md §3.3 103).
 *
 * <p>Registrations run on the broker's scheduler thread and are sent asynchronously; the answers arrive on the
 * client's I/O thread. A name server that cannot be reached is logged once until it answers again.
 */
public final class NameServerRegistration implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NameServerRegistration.class);
    private static final long REQUEST_TIMEOUT_MILLIS = 3_000;
    private static final long MASTER_ID = 0;
    /** A name server drops a broker not heard from for this many periods (RocketMQ: 120 s at the 30 s default). */
    private static final int PERIODS_BEFORE_EXPIRY = 4;
    private static final int CRC_MASK = 0x7FFFFFFF;
    /** The ext field with a split registration's part number, from 0. */
    public static final String PART_KEY = "apogeeRegisterPart";
    /** The ext field with the number of parts of a split registration. */
    public static final String PARTS_KEY = "apogeeRegisterParts";

    private final List<String> nameServers;
    private final BrokerIdentity identity;
    private final TopicRegistry topics;
    private final Clock clock;
    private final Scheduler scheduler;
    private final long periodMillis;
    private final RemotingClient client;
    private final RouteJson json = new RouteJson();
    private final Map<String, Boolean> reachable = new ConcurrentHashMap<>();
    private final AtomicBoolean changePending = new AtomicBoolean();
    private final int splitSize;
    /** Signs each request, or null to send them unsigned; set before {@link #start()}. */
    private volatile RequestSigner signer;
    /** 0 for a master, the slave's id otherwise; set before {@link #start()}. */
    private volatile long brokerId = MASTER_ID;
    /** RocketMQ's haServerAddr: where this master's slaves connect ("host:port"); empty for a slave. */
    private volatile String haAddress;
    /** Told the master's HA address each name server names in its answer to a slave's registration. */
    private volatile MasterListener masterListener = (address, haAddress) -> { };
    private long versionCounter;
    private long versionTimestamp;

    /** Registration of {@code identity}'s {@code topics} with {@code nameServers} through {@code client}, unsplit. */
    public NameServerRegistration(List<String> nameServers, BrokerIdentity identity, TopicRegistry topics, Clock clock,
        Scheduler scheduler, long periodMillis, RemotingClient client) {
        this(nameServers, identity, topics, clock, scheduler, periodMillis, client, 0);
    }

    /**
     * Registration as {@link #NameServerRegistration(List, BrokerIdentity, TopicRegistry, Clock, Scheduler, long,
     * RemotingClient)}, split in parts of {@code splitSize} topics when the table holds that many (0: never split).
     */
    public NameServerRegistration(List<String> nameServers, BrokerIdentity identity, TopicRegistry topics, Clock clock,
        Scheduler scheduler, long periodMillis, RemotingClient client, int splitSize) {
        this.splitSize = splitSize;
        this.nameServers = List.copyOf(nameServers);
        this.identity = identity;
        this.topics = topics;
        this.clock = clock;
        this.scheduler = scheduler;
        this.periodMillis = periodMillis;
        this.client = client;
        this.versionTimestamp = clock.millis();
        this.haAddress = identity.address();
    }

    /**
     * Registers as broker {@code id} of its group (0: the master) with {@code haServerAddress} as RocketMQ's
     * haServerAddr, and tells {@code listener} the master's broker and HA addresses that a name server's answer to a
     * slave's registration carries. Call before {@link #start()}.
     */
    public NameServerRegistration replication(long id, String haServerAddress, MasterListener listener) {
        this.brokerId = id;
        this.haAddress = haServerAddress;
        this.masterListener = listener;
        return this;
    }

    /** Told a slave's master, as a name server names it. */
    @FunctionalInterface
    public interface MasterListener {
        /**
         * The master's broker port ({@code masterAddr}) and HA port ({@code haServerAddr}), each "host:port", or null
         * or empty when the name server names no master. Called on the registration client's event loop: must not
         * block.
         */
        void masterAt(String brokerAddress, String haAddress);
    }

    /**
     * Signs every registration and unregistration with {@code requestSigner} (the broker's inner credentials), for
     * name servers that require authentication. Call before {@link #start()}.
     */
    public NameServerRegistration signedWith(RequestSigner requestSigner) {
        this.signer = requestSigner;
        return this;
    }

    /** Registers now and every period from now on. */
    public void start() {
        scheduler.repeat(this::registerAll, 0, periodMillis);
    }

    /** The topics changed: a new data version, registered at once. Any thread. */
    public void topicsChanged() {
        // once the scheduler is closed the task is dropped: a broker shutting down registers nothing new
        if (!changePending.compareAndSet(false, true)) {
            return; // a registration is due already and will carry this change too
        }
        scheduler.execute(() -> {
            changePending.set(false);
            versionCounter++;
            versionTimestamp = clock.millis();
            registerAll();
        });
    }

    /** Sends REGISTER_BROKER with every topic to every name server. Scheduler thread; a failure is logged, and the
     * next period tries again. */
    void registerAll() {
        try {
            sendRegistrations();
        } catch (RuntimeException e) {
            LOG.warn("could not send the registrations", e);
        }
    }

    private void sendRegistrations() {
        List<TopicConfig> all = topics.all();
        int parts = splitSize > 0 && all.size() >= splitSize ? all.size() / splitSize + 1 : 1;
        for (int part = 0; part < parts; part++) {
            int from = parts == 1 ? 0 : part * splitSize;
            int to = parts == 1 ? all.size() : Math.min(all.size(), from + splitSize);
            sendPart(json.registerBody(all.subList(from, to), versionCounter, versionTimestamp), part, parts);
        }
    }

    /** Sends one part (of {@code parts}) to every name server; RocketMQ sends a last part even when it is empty. */
    private void sendPart(byte[] body, int part, int parts) {
        CRC32 crc = new CRC32();
        crc.update(body);
        int bodyCrc = (int) (crc.getValue() & CRC_MASK);
        for (String nameServer : nameServers) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.REGISTER_BROKER, 0).version(ProtocolVersion.BROKER);
            header.ext().add("brokerName", identity.name()).add("brokerAddr", identity.address())
                .add("clusterName", identity.cluster()).add("haServerAddr", haAddress).add("brokerId", brokerId)
                .add("heartbeatTimeoutMillis", periodMillis * PERIODS_BEFORE_EXPIRY).add("enableActingMaster", false)
                .add("compressed", false).add("bodyCrc32", bodyCrc);
            if (parts > 1) {
                header.ext().add(PART_KEY, part).add(PARTS_KEY, parts);
            }
            ByteBuf content = Unpooled.wrappedBuffer(body);
            sign(header, content);
            client.invoke(nameServer, header, content, REQUEST_TIMEOUT_MILLIS, new Answer(nameServer));
        }
    }

    /** Unregisters from every name server (waiting briefly for each), then closes the client. */
    @Override
    public void close() {
        for (String nameServer : nameServers) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.UNREGISTER_BROKER, 0).version(ProtocolVersion.BROKER);
            header.ext().add("brokerName", identity.name()).add("brokerAddr", identity.address())
                .add("clusterName", identity.cluster()).add("brokerId", brokerId);
            sign(header, null);
            try (RemotingResponse response = client.invokeSync(nameServer, header, null, REQUEST_TIMEOUT_MILLIS)) {
                LOG.info("unregistered from name server {}: {}", nameServer, response.code());
            } catch (TransportException e) {
                LOG.debug("could not unregister from name server {}: {}", nameServer, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        client.close();
    }

    private void sign(RemotingHeader header, ByteBuf body) {
        RequestSigner current = signer;
        if (current != null) {
            current.sign(header, body);
        }
    }

    /** The answer of one name server to one registration. */
    private final class Answer implements ResponseCallback {
        private final String nameServer;

        Answer(String nameServer) {
            this.nameServer = nameServer;
        }

        @Override
        public void onResponse(RemotingHeader header, ByteBuf body) {
            if (body != null) {
                body.release();
            }
            if (header.code() == ResponseCode.SUCCESS) {
                if (brokerId != MASTER_ID) {
                    // no master named (null or empty) is news too: the slave stops sending consumers back to it
                    masterListener.masterAt(header.ext().get("masterAddr"), header.ext().get("haServerAddr"));
                }
                if (!Boolean.TRUE.equals(reachable.put(nameServer, Boolean.TRUE))) {
                    LOG.info("registered with name server {}", nameServer);
                }
            } else {
                failed(header.code() + " " + header.remark());
            }
        }

        @Override
        public void onFailure(TransportException failure) {
            failed(failure.getMessage());
        }

        private void failed(String why) {
            if (!Boolean.FALSE.equals(reachable.put(nameServer, Boolean.FALSE))) {
                LOG.warn("could not register with name server {} (retrying every {} ms): {}", nameServer, periodMillis, why);
            } else {
                LOG.debug("could not register with name server {}: {}", nameServer, why);
            }
        }
    }
}
