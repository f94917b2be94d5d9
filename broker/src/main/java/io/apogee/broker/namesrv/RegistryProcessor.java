package io.apogee.broker.namesrv;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.common.time.Clock;
import io.apogee.transport.Peer;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stand-alone name server's codes, answered from a {@link BrokerRegistry} that brokers fill:
 * REGISTER_BROKER (103), UNREGISTER_BROKER (104), BROKER_HEARTBEAT (904), QUERY_DATA_VERSION (322: a broker with
 * {@code forceRegister=false} asks whether its topics must be registered again), and for clients
 * GET_ROUTEINFO_BY_TOPIC (105), GET_BROKER_CLUSTER_INFO (106) and GET_ALL_TOPIC_LIST_FROM_NAMESERVER (206). A broker
 * whose connection closes leaves the routes at once; {@link #expireSilent} drops the ones silent past their timeout.
 *
 * <p>Runs on the name server's processor thread, which owns the registry; connection-close events are handed to it
 * through {@code ownThread}.
 */
public final class RegistryProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.REGISTER_BROKER, RequestCode.UNREGISTER_BROKER,
        RequestCode.BROKER_HEARTBEAT, RequestCode.QUERY_DATA_VERSION, RequestCode.GET_ROUTEINFO_BY_TOPIC,
        RequestCode.GET_BROKER_CLUSTER_INFO, RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER};
    private static final Logger LOG = LoggerFactory.getLogger(RegistryProcessor.class);
    private static final String FAQ = "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";
    private static final int CRC_MASK = 0x7FFFFFFF;

    private final BrokerRegistry registry = new BrokerRegistry();
    private final Executor ownThread;
    private final Clock clock;
    private final long defaultTimeoutMillis;
    private final RouteJson json = new RouteJson();
    private final RegisterBodyReader bodies;
    private final Set<Peer> watched = Collections.newSetFromMap(new IdentityHashMap<>());

    /**
     * A processor whose brokers expire after {@code defaultTimeoutMillis} of silence unless their registration names
     * a timeout of its own; {@code ownThread} runs tasks on the processor's thread.
     */
    public RegistryProcessor(Executor ownThread, Clock clock, long defaultTimeoutMillis) {
        this(ownThread, clock, defaultTimeoutMillis, RegisterBodyReader.DEFAULT_MAX_INFLATED_BYTES);
    }

    /** As the other constructor; a deflated registration body may inflate to at most {@code maxInflatedBytes}. */
    public RegistryProcessor(Executor ownThread, Clock clock, long defaultTimeoutMillis, long maxInflatedBytes) {
        this.ownThread = ownThread;
        this.clock = clock;
        this.defaultTimeoutMillis = defaultTimeoutMillis;
        this.bodies = new RegisterBodyReader(maxInflatedBytes);
    }

    @Override
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.REGISTER_BROKER -> register(exchange);
            case RequestCode.UNREGISTER_BROKER -> unregister(exchange);
            case RequestCode.BROKER_HEARTBEAT -> heartbeat(exchange);
            case RequestCode.QUERY_DATA_VERSION -> queryDataVersion(exchange);
            case RequestCode.GET_ROUTEINFO_BY_TOPIC -> route(exchange);
            case RequestCode.GET_BROKER_CLUSTER_INFO -> exchange.replyJson(json.clusterInfo(registry.brokers()));
            case RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER -> exchange.replyJson(json.topicNames(registry.topics()));
            default -> throw new IllegalArgumentException("not a name-server code: " + exchange.request().code());
        }
    }

    /**
     * A copy of the tables with at most {@code maxTopics} topics, made on the processor thread. Any thread; the future
     * fails with the executor's exception when the thread is busy or closing.
     */
    public CompletableFuture<RegistryView> view(int maxTopics) {
        CompletableFuture<RegistryView> view = new CompletableFuture<>();
        ownThread.execute(() -> {
            SortedMap<String, List<QueueData>> topics = new TreeMap<>();
            Set<String> names = registry.topics();
            for (String topic : names) {
                if (topics.size() == maxTopics) {
                    break;
                }
                topics.put(topic, registry.queues(topic));
            }
            view.complete(new RegistryView(Collections.unmodifiableSortedMap(registry.brokers()),
                Collections.unmodifiableSortedMap(topics), names.size()));
        });
        return view;
    }

    /** Drops the brokers silent past their timeout and closes their connections. Processor thread. */
    public void expireSilent() {
        for (Object connection : registry.expire(clock.millis())) {
            LOG.warn("broker on {} silent past its timeout: dropped from routes", connection);
            ((Peer) connection).close();
        }
    }

    private void register(Exchange exchange) {
        String name = exchange.request().ext().get("brokerName");
        String address = exchange.request().ext().get("brokerAddr");
        String cluster = exchange.request().ext().get("clusterName");
        Long brokerId = number(exchange.request(), "brokerId");
        if (name == null || address == null || cluster == null || brokerId == null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER,
                "REGISTER_BROKER needs brokerName, brokerAddr, clusterName and brokerId");
            return;
        }
        Long crc = number(exchange.request(), "bodyCrc32");
        if (crc != null && crc != 0 && crc != crc32(exchange.body())) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "crc32 not match");
            return;
        }
        RegisterBodyReader.RegisterBody registered;
        try {
            registered = bodies.read(exchange.body(), name);
        } catch (IOException e) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "bad RegisterBrokerBody: " + e.getMessage());
            return;
        }
        Long timeout = number(exchange.request(), "heartbeatTimeoutMillis");
        String haAddress = exchange.request().ext().get("haServerAddr");
        BrokerRegistration registration = new BrokerRegistration(cluster, name, address, brokerId, haAddress,
            timeout == null || timeout <= 0 ? defaultTimeoutMillis : timeout, registered.version(), registered.topics());
        Peer peer = exchange.peer();
        Long part = number(exchange.request(), NameServerRegistration.PART_KEY);
        Long parts = number(exchange.request(), NameServerRegistration.PARTS_KEY);
        boolean numbered = part != null && parts != null && part >= 0 && part < parts;
        if (registry.register(registration, peer, clock.millis(), numbered ? part.intValue() : -1,
            numbered ? parts.intValue() : 0)) {
            LOG.info("broker {} ({} of cluster {}, id {}) registered with {} topics", address, name, cluster, brokerId,
                registered.topics().size());
        }
        watch(peer);
        RemotingHeader response = exchange.responseHeader(ResponseCode.SUCCESS, null);
        if (brokerId != 0) {
            // as RocketMQ's RouteInfoManager: the master's client address, and the HA address it registered
            registry.masterOf(name).ifPresent(master -> response.ext().add("masterAddr", master.address())
                .add("haServerAddr", master.haAddress() == null ? "" : master.haAddress()));
        }
        exchange.replyWith(null);
    }

    private void unregister(Exchange exchange) {
        String address = exchange.request().ext().get("brokerAddr");
        if (address != null && registry.unregister(address)) {
            LOG.info("broker {} unregistered", address);
        }
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void heartbeat(Exchange exchange) {
        String address = exchange.request().ext().get("brokerAddr");
        if (address != null) {
            registry.heartbeat(address, clock.millis());
        }
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    /** Answers whether the broker's topics changed since it registered them, and counts the question as a heartbeat. */
    private void queryDataVersion(Exchange exchange) {
        String address = exchange.request().ext().get("brokerAddr");
        DataVersion version;
        try {
            version = bodies.version(exchange.body());
        } catch (IOException e) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "bad DataVersion: " + e.getMessage());
            return;
        }
        if (address == null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "QUERY_DATA_VERSION needs brokerAddr");
            return;
        }
        boolean changed = registry.versionChanged(address, version);
        registry.heartbeat(address, clock.millis());
        RemotingHeader response = exchange.responseHeader(ResponseCode.SUCCESS, null);
        response.ext().add("changed", changed);
        exchange.replyWith(registry.version(address)
            .map(known -> Unpooled.wrappedBuffer(json.dataVersion(known))).orElse(null));
    }

    private void route(Exchange exchange) {
        String topic = exchange.request().ext().get("topic");
        List<QueueData> queues = topic == null ? List.of() : registry.queues(topic);
        if (queues.isEmpty()) {
            exchange.reply(ResponseCode.TOPIC_NOT_EXIST,
                "No topic route info in name server for the topic: " + topic + FAQ);
            return;
        }
        exchange.replyJson(json.route(queues, registry.brokers()));
    }

    /** Once per connection: when it closes, its brokers leave the routes (on this processor's thread). */
    private void watch(Peer peer) {
        if (watched.add(peer)) {
            peer.onClose(() -> {
                try {
                    ownThread.execute(() -> connectionClosed(peer));
                } catch (RejectedExecutionException e) {
                    LOG.debug("shutting down: the closed connection {} is not handled", peer);
                }
            });
        }
    }

    private void connectionClosed(Peer peer) {
        watched.remove(peer);
        List<String> dropped = registry.connectionClosed(peer);
        if (!dropped.isEmpty()) {
            LOG.info("connection of brokers {} closed: dropped from routes", dropped);
        }
    }

    private static Long number(RemotingHeader request, String key) {
        String value = request.ext().get(key);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long crc32(ByteBuf body) {
        CRC32 crc = new CRC32();
        crc.update(ByteBufUtil.getBytes(body));
        return crc.getValue() & CRC_MASK;
    }
}
