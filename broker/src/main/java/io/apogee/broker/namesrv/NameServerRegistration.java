package io.apogee.broker.namesrv;

import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.agent.Scheduler;
import io.apogee.common.time.Clock;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers this broker with separate name servers, as a RocketMQ broker does: REGISTER_BROKER (103) with every topic
 * at start, every {@code periodMillis} after, and at once when a topic is created (so that a topic created by a first
 * send through TBW102 gets its own route); UNREGISTER_BROKER (104) on close. The topic table carries a data version
 * (a counter and the time of the last change) that tells the name server whether to re-read the topics.
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

    private final List<String> nameServers;
    private final BrokerIdentity identity;
    private final TopicRegistry topics;
    private final Clock clock;
    private final Scheduler scheduler;
    private final long periodMillis;
    private final RemotingClient client;
    private final RouteJson json = new RouteJson();
    private final Map<String, Boolean> reachable = new ConcurrentHashMap<>();
    private long versionCounter;
    private long versionTimestamp;

    /** Registration of {@code identity}'s {@code topics} with {@code nameServers} through {@code client}. */
    public NameServerRegistration(List<String> nameServers, BrokerIdentity identity, TopicRegistry topics, Clock clock,
        Scheduler scheduler, long periodMillis, RemotingClient client) {
        this.nameServers = List.copyOf(nameServers);
        this.identity = identity;
        this.topics = topics;
        this.clock = clock;
        this.scheduler = scheduler;
        this.periodMillis = periodMillis;
        this.client = client;
        this.versionTimestamp = clock.millis();
    }

    /** Registers now and every period from now on. */
    public void start() {
        scheduler.repeat(this::registerAll, 0, periodMillis);
    }

    /** The topics changed: a new data version, registered at once. Any thread. */
    public void topicsChanged() {
        // once the scheduler is closed the task is dropped: a broker shutting down registers nothing new
        scheduler.execute(() -> {
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
        byte[] body = json.registerBody(topics.all(), versionCounter, versionTimestamp);
        CRC32 crc = new CRC32();
        crc.update(body);
        int bodyCrc = (int) (crc.getValue() & CRC_MASK);
        for (String nameServer : nameServers) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.REGISTER_BROKER, 0).version(ProtocolVersion.BROKER);
            header.ext().add("brokerName", identity.name()).add("brokerAddr", identity.address())
                .add("clusterName", identity.cluster()).add("haServerAddr", identity.address()).add("brokerId", MASTER_ID)
                .add("heartbeatTimeoutMillis", periodMillis * PERIODS_BEFORE_EXPIRY).add("enableActingMaster", false)
                .add("compressed", false).add("bodyCrc32", bodyCrc);
            client.invoke(nameServer, header, Unpooled.wrappedBuffer(body), REQUEST_TIMEOUT_MILLIS, new Answer(nameServer));
        }
    }

    /** Unregisters from every name server (waiting briefly for each), then closes the client. */
    @Override
    public void close() {
        for (String nameServer : nameServers) {
            RemotingHeader header = new RemotingHeader().asRequest(RequestCode.UNREGISTER_BROKER, 0).version(ProtocolVersion.BROKER);
            header.ext().add("brokerName", identity.name()).add("brokerAddr", identity.address())
                .add("clusterName", identity.cluster()).add("brokerId", MASTER_ID);
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
