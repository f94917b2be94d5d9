package io.apogee.client.core;

import io.apogee.client.BrokerErrorException;
import io.apogee.client.ClientClosedException;
import io.apogee.client.ClientConfig;
import io.apogee.client.ClientException;
import io.apogee.client.ClientTimeoutException;
import io.apogee.client.ServerUnreachableException;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.OutboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.ResponseTimeoutException;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.GetRouteInfoRequestHeader;
import io.apogee.wire.header.UnregisterClientRequestHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.Unpooled;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one producer or consumer owns to talk to a cluster: the transport, a scheduler thread for periodic work
 * (route refresh, heartbeats, and whatever the producer or consumer schedules), the route cache, the groups it
 * announces in heartbeats, and the handler of requests that brokers send (NOTIFY_CONSUMER_IDS_CHANGED triggers the
 * group's rebalance on the scheduler). Thread-safe.
 */
public final class ClientCore implements AutoCloseable {
    /** TBW102: the template topic a producer falls back to for a topic without a route. */
    public static final String AUTO_CREATE_TOPIC = "TBW102";

    private static final Logger LOG = LoggerFactory.getLogger(ClientCore.class);
    private static final long FIRST_HEARTBEAT_DELAY_MILLIS = 1000;
    /** A watched topic without a route is looked up this often (or at the route refresh period, if shorter). */
    private static final long MISSING_ROUTE_PERIOD_MILLIS = 1000;

    private final ClientConfig config;
    private final RemotingClient transport;
    private final ScheduledExecutorService scheduler;
    private final TopicRouteParser parser = new TopicRouteParser();
    private final HeartbeatBody heartbeatBody = new HeartbeatBody();
    private final Map<String, TopicRoute> routes = new ConcurrentHashMap<>();
    private final Set<String> producerGroups = ConcurrentHashMap.newKeySet();
    private final Map<String, ConsumerRegistration> consumers = new ConcurrentHashMap<>();
    private final Map<String, Runnable> rebalanceTriggers = new ConcurrentHashMap<>();
    private final Set<String> watchedTopics = ConcurrentHashMap.newKeySet();
    private final AtomicInteger nameServerIndex = new AtomicInteger();
    private volatile boolean closed;

    /** Starts the transport and the scheduler thread (named {@code threadName}) with route refresh and heartbeats. */
    public ClientCore(ClientConfig config, String threadName) {
        this.config = config;
        this.transport = new RemotingClient(config.transport(), this::onBrokerRequest);
        this.scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleWithFixedDelay(this::refreshRoutes, config.routeRefreshIntervalMillis(),
            config.routeRefreshIntervalMillis(), TimeUnit.MILLISECONDS);
        long missingPeriod = Math.min(MISSING_ROUTE_PERIOD_MILLIS, config.routeRefreshIntervalMillis());
        scheduler.scheduleWithFixedDelay(this::lookUpMissingRoutes, missingPeriod, missingPeriod, TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(this::sendHeartbeatsQuietly, FIRST_HEARTBEAT_DELAY_MILLIS,
            config.heartbeatIntervalMillis(), TimeUnit.MILLISECONDS);
    }

    /** The config. */
    public ClientConfig config() {
        return config;
    }

    /** The client id, {@code ip@instance}. */
    public String clientId() {
        return config.clientId();
    }

    /** The transport. */
    public RemotingClient transport() {
        return transport;
    }

    /** The scheduler thread; tasks on it must not block for long. */
    public ScheduledExecutorService scheduler() {
        return scheduler;
    }

    /** The lenient JSON mapper for protocol bodies. */
    public TopicRouteParser json() {
        return parser;
    }

    /** A new request header with the code, this client's version and language. */
    public static RemotingHeader request(int code) {
        return new RemotingHeader().asRequest(code, 0).version(ProtocolVersion.V5_4_0);
    }

    /**
     * Sends a request and waits for the response, which the caller closes.
     *
     * @throws ClientTimeoutException     if no answer came in time
     * @throws ServerUnreachableException if the connection failed or was lost
     */
    public RemotingResponse call(String address, RemotingHeader header, ByteBuf body, long timeoutMillis) {
        checkOpen();
        try {
            return transport.invokeSync(address, header, body, timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClientTimeoutException("interrupted while waiting for " + address, e);
        } catch (TransportException e) {
            throw translate(e);
        }
    }

    /** The client exception for a transport failure. */
    public static ClientException translate(TransportException failure) {
        if (failure instanceof ResponseTimeoutException) {
            return new ClientTimeoutException(failure.getMessage(), failure);
        }
        return new ServerUnreachableException(failure.getMessage(), failure);
    }

    /** {@link #call} with the request timeout; throws {@link BrokerErrorException} unless the code is SUCCESS. */
    public RemotingResponse callExpectingSuccess(String address, RemotingHeader header, ByteBuf body) {
        RemotingResponse response = call(address, header, body, config.requestTimeoutMillis());
        if (response.code() != ResponseCode.SUCCESS) {
            response.close();
            throw new BrokerErrorException(address, response.code(), response.remark());
        }
        return response;
    }

    /**
     * The route of {@code topic} from a name server (trying each in turn), cached; null when no name server knows
     * the topic (TOPIC_NOT_EXIST).
     */
    public TopicRoute fetchRoute(String topic) {
        ClientException last = null;
        int count = config.nameServers().size();
        int start = Math.floorMod(nameServerIndex.get(), count);
        for (int i = 0; i < count; i++) {
            String address = config.nameServers().get((start + i) % count);
            RemotingHeader header = request(RequestCode.GET_ROUTEINFO_BY_TOPIC);
            new GetRouteInfoRequestHeader().topic(topic).encode(header.ext());
            try (RemotingResponse response = call(address, header, null, config.requestTimeoutMillis())) {
                if (response.code() == ResponseCode.TOPIC_NOT_EXIST) {
                    return null;
                }
                if (response.code() != ResponseCode.SUCCESS || !response.body().isReadable()) {
                    throw new BrokerErrorException(address, response.code(), response.remark());
                }
                TopicRoute route = parse(address, response.body());
                routes.put(topic, route);
                return route;
            } catch (ServerUnreachableException | ClientTimeoutException e) {
                nameServerIndex.incrementAndGet();
                last = e;
            }
        }
        throw last;
    }

    /** The cached route of {@code topic}, or null; never asks a name server. */
    public TopicRoute cachedRoute(String topic) {
        return routes.get(topic);
    }

    /** The cached route of {@code topic}, fetched when not cached; null when the topic has none. */
    public TopicRoute route(String topic) {
        TopicRoute route = routes.get(topic);
        return route != null ? route : fetchRoute(topic);
    }

    /** The master address of {@code brokerName} in any cached route, or null. */
    public String masterAddress(String brokerName) {
        for (TopicRoute route : routes.values()) {
            String address = route.masterAddress(brokerName);
            if (address != null) {
                return address;
            }
        }
        return null;
    }

    /** Every broker address (masters and slaves) of the cached routes, sorted. */
    public Set<String> brokerAddresses() {
        Set<String> addresses = new TreeSet<>();
        for (TopicRoute route : routes.values()) {
            for (Map<Long, String> byId : route.brokers().values()) {
                addresses.addAll(byId.values());
            }
        }
        return addresses;
    }

    /**
     * Keeps the routes of {@code topics} fresh even while they have none: a topic that has no route is looked up
     * every second (or every route refresh period, if shorter), the others every route refresh period, and when
     * a watched topic's route appears or changes a heartbeat goes to every broker and every registered rebalance
     * runs (on the scheduler thread).
     */
    public void watchRoutes(Collection<String> topics) {
        watchedTopics.addAll(topics);
    }

    /** Announces {@code group} as a producer group in heartbeats. */
    public void registerProducer(String group) {
        producerGroups.add(group);
    }

    /** Announces a consumer group in heartbeats; {@code rebalance} runs on the scheduler when a broker asks. */
    public void registerConsumer(ConsumerRegistration registration, Runnable rebalance) {
        consumers.put(registration.group(), registration);
        rebalanceTriggers.put(registration.group(), rebalance);
    }

    /**
     * Sends a heartbeat to every broker of the cached routes and waits for each answer.
     *
     * @return how many brokers acknowledged it
     */
    public int sendHeartbeats() {
        byte[] body = heartbeatBody.write(clientId(), producerGroups, consumers.values());
        int acknowledged = 0;
        for (String address : brokerAddresses()) {
            try (RemotingResponse response = call(address, request(RequestCode.HEART_BEAT),
                Unpooled.wrappedBuffer(body), config.requestTimeoutMillis())) {
                if (response.code() == ResponseCode.SUCCESS) {
                    acknowledged++;
                } else {
                    LOG.warn("heartbeat to {} answered {}", address, ResponseCode.describe(response.code()));
                }
            } catch (ClientException e) {
                LOG.warn("heartbeat to {} failed: {}", address, e.getMessage());
            }
        }
        return acknowledged;
    }

    /** Tells every master that this client leaves the groups (either may be null). */
    public void unregister(String producerGroup, String consumerGroup) {
        Set<String> masters = new TreeSet<>();
        for (TopicRoute route : routes.values()) {
            for (String broker : route.brokers().keySet()) {
                String master = route.masterAddress(broker);
                if (master != null) {
                    masters.add(master);
                }
            }
        }
        for (String address : masters) {
            RemotingHeader header = request(RequestCode.UNREGISTER_CLIENT);
            new UnregisterClientRequestHeader().clientId(clientId()).producerGroup(producerGroup).consumerGroup(consumerGroup)
                .encode(header.ext());
            try {
                call(address, header, null, config.requestTimeoutMillis()).close();
            } catch (ClientException e) {
                LOG.warn("unregistering from {} failed: {}", address, e.getMessage());
            }
        }
    }

    /** True once closed. */
    public boolean isClosed() {
        return closed;
    }

    /** Stops the scheduler and closes every connection. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        transport.close();
    }

    private TopicRoute parse(String address, ByteBuf body) {
        try (InputStream in = new ByteBufInputStream(body.duplicate())) {
            return parser.parse(in);
        } catch (IOException e) {
            throw new BrokerErrorException(address, ResponseCode.SUCCESS, "unreadable route: " + e.getMessage());
        }
    }

    private void refreshRoutes() {
        Set<String> topics = new TreeSet<>(routes.keySet());
        topics.addAll(watchedTopics);
        refresh(topics);
    }

    private void lookUpMissingRoutes() {
        Set<String> missing = new TreeSet<>();
        for (String topic : watchedTopics) {
            if (!routes.containsKey(topic)) {
                missing.add(topic);
            }
        }
        refresh(missing);
    }

    /** Fetches the routes of {@code topics}; rebalances every group if a watched topic's route appeared or changed. */
    private void refresh(Set<String> topics) {
        boolean changed = false;
        for (String topic : topics) {
            TopicRoute before = routes.get(topic);
            try {
                TopicRoute after = fetchRoute(topic);
                if (after == null) {
                    routes.remove(topic);
                }
                if (watchedTopics.contains(topic) && !Objects.equals(before, after)) {
                    LOG.info("route of {} {}", topic, before == null ? "appeared" : after == null ? "disappeared" : "changed");
                    changed = true;
                }
            } catch (ClientException e) {
                LOG.warn("route refresh of {} failed: {}", topic, e.getMessage());
            }
        }
        if (changed && !closed) {
            // a broker new to this client learns its groups before they ask it for their members
            sendHeartbeatsQuietly();
            for (Runnable rebalance : rebalanceTriggers.values()) {
                rebalance.run();
            }
        }
    }

    private void sendHeartbeatsQuietly() {
        try {
            sendHeartbeats();
        } catch (RuntimeException e) {
            LOG.warn("heartbeat round failed", e);
        }
    }

    private void onBrokerRequest(Peer peer, InboundFrame request) {
        request.body().release();
        RemotingHeader header = request.header();
        if (header.code() == RequestCode.NOTIFY_CONSUMER_IDS_CHANGED) {
            Runnable rebalance = rebalanceTriggers.get(String.valueOf(header.ext().get("consumerGroup")));
            if (rebalance != null && !closed) {
                scheduler.execute(rebalance);
            }
        } else if (!header.isOneway()) {
            RemotingHeader response = new RemotingHeader().asResponseTo(header, ResponseCode.REQUEST_CODE_NOT_SUPPORTED)
                .remark("request code " + header.code() + " not supported by this client");
            peer.respond(OutboundFrame.of(response));
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new ClientClosedException("client " + clientId());
        }
    }
}
