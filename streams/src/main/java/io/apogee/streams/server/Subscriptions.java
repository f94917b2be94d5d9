package io.apogee.streams.server;

import io.apogee.streams.chunk.BloomMatcher;
import io.apogee.streams.log.OffsetStart;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.log.SuperStreams;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.MalformedFrameException;
import io.apogee.streams.protocol.ResponseCode;
import io.apogee.streams.server.StreamPermissions.Operation;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The subscriptions of one connection, by their one-byte id: subscribe with an offset specification, credit and
 * unsubscribe. A subscription starts at the chunk that holds its first offset; the client skips the records before it.
 *
 * <p>A subscription with the properties {@code single-active-consumer=true} and {@code name} joins that name's group
 * on its stream ({@link ConsumerGroups}). When it is, or becomes, the group's active member, the client is sent a
 * consumer update (active); its answer names the offset specification to resume from, and delivery starts there. With
 * {@code super-stream} naming the super stream whose partition it reads, the group shares that super stream's
 * partitions among its consumers; a subscription whose stream is no partition of that super stream is refused
 * (precondition failed). When the group moves the activity to another member, this one is sent a consumer update
 * (inactive) and stops delivering; its answer, or the group's bound passing without one, lets the other take over.
 *
 * <p>A subscription with {@code filter.N} properties receives only the chunks whose bloom filter may hold one of those
 * values; with {@code match-unfiltered=true} also those holding messages published without a value.
 *
 * <p>Whether the connection's user may read the stream, and use the consumer reference of the {@code name} property
 * when there is one, is asked once, at subscribe: a refusal is answered ACCESS_REFUSED, and a delivered chunk costs
 * no check. When the permissions change, each subscription is asked again ({@link #recheck}); one refused then ends
 * with a metadata update (STREAM_NOT_AVAILABLE), as RabbitMQ ends it.
 *
 * <p>Not thread-safe: one per connection, on its event loop.
 */
final class Subscriptions {
    /** The most credit a subscription holds: more is kept at this bound. */
    static final long MAX_CREDIT = 65_535;
    private static final int MAX_SUBSCRIPTIONS = 256;
    private static final int MAX_PROPERTIES = 64;
    private static final int FIRST = 1;
    private static final int LAST = 2;
    private static final int NEXT = 3;
    private static final int OFFSET = 4;
    private static final int TIMESTAMP = 5;
    private static final int NO_OFFSET_TYPE = 0;
    private static final String SINGLE_ACTIVE_CONSUMER = "single-active-consumer";
    private static final String NAME = "name";
    private static final String SUPER_STREAM = "super-stream";
    private static final String FILTER_PREFIX = "filter.";
    private static final String MATCH_UNFILTERED = "match-unfiltered";
    /** The most filter values one subscription takes: past a few, a 128-bit filter matches nearly every chunk. */
    static final int MAX_FILTER_VALUES = 32;
    /** The longest filter value a subscription takes, in UTF-8 bytes. */
    static final int MAX_FILTER_VALUE_LENGTH = 255;
    private static final int ACTIVE = 1;
    private static final int INACTIVE = 0;

    /** A consumer update sent and not answered yet; an inactive one has its bound scheduled. */
    private record PendingUpdate(Subscription subscription, boolean active, Future<?> bound) {
    }

    private final StreamRegistry registry;
    private final ConsumerGroups groups;
    private final PeerVersions peer;
    private final ConnectionAccess access;
    private final Subscription[] subscriptions = new Subscription[MAX_SUBSCRIPTIONS];
    /** The consumer reference of each subscription, its {@code name} property, or null. */
    private final String[] consumers = new String[MAX_SUBSCRIPTIONS];
    /** The consumer updates sent and not answered yet, by correlation id. */
    private final Map<Integer, PendingUpdate> pendingUpdates = new HashMap<>();
    private int nextCorrelationId = 1;
    private final StreamTraffic traffic;

    /** @param traffic where its subscriptions count the messages they deliver */
    Subscriptions(StreamRegistry registry, ConsumerGroups groups, PeerVersions peer, ConnectionAccess access,
        StreamTraffic traffic) {
        this.registry = registry;
        this.groups = groups;
        this.peer = peer;
        this.access = access;
        this.traffic = traffic;
    }

    /**
     * The subscriptions open, for a gauge: read from another thread without a lock, so a change made at that moment
     * may be missed.
     */
    int count() {
        int count = 0;
        for (Subscription subscription : subscriptions) {
            if (subscription != null) {
                count++;
            }
        }
        return count;
    }

    /** Whether {@code key} is one of its commands. */
    boolean handles(int key) {
        return key == CommandKey.SUBSCRIBE || key == CommandKey.CREDIT || key == CommandKey.UNSUBSCRIBE
            || key == (CommandKey.CONSUMER_UPDATE | CommandKey.RESPONSE_FLAG);
    }

    /** Handles a frame of one of its commands. */
    boolean on(int key, FrameReader reader, Responder out) {
        switch (key) {
            case CommandKey.SUBSCRIBE -> onSubscribe(reader, out);
            case CommandKey.CREDIT -> onCredit(reader, out);
            case CommandKey.UNSUBSCRIBE -> onUnsubscribe(reader, out);
            default -> onConsumerUpdateAnswer(reader);
        }
        return true;
    }

    /** The start an offset type names; a type out of 1 to 5 makes the frame malformed. */
    static OffsetStart offsetStart(int type, String command) {
        return switch (type) {
            case FIRST -> OffsetStart.FIRST;
            case LAST -> OffsetStart.LAST;
            case NEXT -> OffsetStart.NEXT;
            case OFFSET -> OffsetStart.OFFSET;
            case TIMESTAMP -> OffsetStart.TIMESTAMP;
            default -> throw new MalformedFrameException(command + ": offset type " + type);
        };
    }

    /**
     * The offset or timestamp that follows an offset type of 4 or 5, 0 for the others. An offset above the long range
     * (an uint64 past every offset) is taken as {@link Long#MAX_VALUE}.
     */
    static long readOffsetValue(FrameReader reader, int type) {
        if (type != OFFSET && type != TIMESTAMP) {
            return 0;
        }
        long value = reader.int64("offset");
        return type == OFFSET && value < 0 ? Long.MAX_VALUE : value;
    }

    /** The properties that end a subscribe or a resolve offset spec: none when the frame ends before them. */
    static Map<String, String> readProperties(FrameReader reader) {
        Map<String, String> properties = new HashMap<>();
        if (reader.frame().isReadable()) {
            int count = reader.arrayLength("properties", MAX_PROPERTIES);
            for (int i = 0; i < count; i++) {
                String property = reader.string("property key", StreamConnection.MAX_STRING);
                String propertyValue = reader.string("property value", StreamConnection.MAX_STRING);
                if (property != null && propertyValue != null) {
                    properties.put(property, propertyValue);
                }
            }
        }
        return properties;
    }

    private void onSubscribe(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        int id = reader.uint8("subscription id");
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        int type = reader.uint16("offset type");
        OffsetStart start = offsetStart(type, "subscribe");
        long value = readOffsetValue(reader, type);
        int credit = reader.uint16("credit");
        Map<String, String> properties = readProperties(reader);
        reader.end("subscribe");
        if (!access.allows(stream, properties.get(NAME), Operation.SUBSCRIBE)) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.ACCESS_REFUSED);
            return;
        }
        StreamLog log = registry.get(stream);
        if (subscriptions[id] != null) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.SUBSCRIPTION_ID_ALREADY_EXISTS);
            return;
        }
        if (log == null) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.STREAM_DOES_NOT_EXIST);
            return;
        }
        boolean singleActive = Boolean.parseBoolean(properties.get(SINGLE_ACTIVE_CONSUMER));
        String group = singleActive ? properties.get(NAME) : null;
        if (singleActive && (group == null || group.isEmpty())) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.PRECONDITION_FAILED); // a group needs a name
            return;
        }
        if (filterProblem(properties) != null) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.PRECONDITION_FAILED);
            return;
        }
        int partitionIndex = group == null ? ConsumerGroups.NOT_A_PARTITION : partitionIndex(stream, properties);
        if (partitionIndex < ConsumerGroups.NOT_A_PARTITION) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.PRECONDITION_FAILED); // not its partition
            return;
        }
        BloomMatcher filter = filterOf(properties);
        Subscription subscription = new Subscription(id, log, out.context().channel(), log.startSlot(start, value), credit,
            group, groups, this::sendActiveUpdate, this::sendInactiveUpdate, peer.deliver(), filter, traffic);
        subscriptions[id] = subscription;
        consumers[id] = properties.get(NAME);
        // the response goes first: the client takes a deliver only for a subscription it was told of
        out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.OK);
        subscription.start();
        if (group != null) {
            groups.join(stream, group, partitionIndex, subscription);
        }
    }

    /**
     * The index of {@code stream} among the partitions of the super stream its {@code super-stream} property names;
     * {@link ConsumerGroups#NOT_A_PARTITION} without that property, and below it when the stream is not one of them.
     */
    private int partitionIndex(String stream, Map<String, String> properties) {
        String superStream = properties.get(SUPER_STREAM);
        if (superStream == null || superStream.isEmpty()) {
            return ConsumerGroups.NOT_A_PARTITION;
        }
        List<SuperStreams.Partition> partitions = registry.superStreams().partitions(superStream);
        for (int i = 0; partitions != null && i < partitions.size(); i++) {
            if (partitions.get(i).stream().equals(stream)) {
                return i;
            }
        }
        return ConsumerGroups.NOT_A_PARTITION - 1;
    }

    /**
     * What is wrong with the {@code filter.N} and {@code match-unfiltered} properties, or null when nothing is: more than
     * {@link #MAX_FILTER_VALUES} values, one longer than {@link #MAX_FILTER_VALUE_LENGTH} bytes, or
     * {@code match-unfiltered} neither {@code true} nor {@code false}.
     */
    static String filterProblem(Map<String, String> properties) {
        int values = 0;
        for (Map.Entry<String, String> property : properties.entrySet()) {
            if (property.getKey().startsWith(FILTER_PREFIX)) {
                values++;
                if (property.getValue().getBytes(StandardCharsets.UTF_8).length > MAX_FILTER_VALUE_LENGTH) {
                    return property.getKey() + " is longer than " + MAX_FILTER_VALUE_LENGTH + " bytes";
                }
            }
        }
        if (values > MAX_FILTER_VALUES) {
            return values + " filter values, at most " + MAX_FILTER_VALUES;
        }
        String matchUnfiltered = properties.get(MATCH_UNFILTERED);
        if (matchUnfiltered != null && !"true".equals(matchUnfiltered) && !"false".equals(matchUnfiltered)) {
            return MATCH_UNFILTERED + "=" + matchUnfiltered;
        }
        return null;
    }

    /**
     * The bloom matcher of the {@code filter.N} properties and {@code match-unfiltered}, as RabbitMQ reads them; null
     * when there is no filter value. The properties passed {@link #filterProblem}.
     */
    static BloomMatcher filterOf(Map<String, String> properties) {
        List<String> values = new ArrayList<>();
        for (Map.Entry<String, String> property : properties.entrySet()) {
            if (property.getKey().startsWith(FILTER_PREFIX)) {
                values.add(property.getValue());
            }
        }
        return values.isEmpty() ? null : new BloomMatcher(values, "true".equals(properties.get(MATCH_UNFILTERED)));
    }

    /** Tells the client that {@code subscription} is now its group's active member; it answers where to resume. */
    private void sendActiveUpdate(Subscription subscription) {
        int correlationId = sendConsumerUpdate(subscription, ACTIVE);
        pendingUpdates.put(correlationId, new PendingUpdate(subscription, true, null));
    }

    /**
     * Tells the client that {@code subscription}, which stopped delivering, is no longer its group's active member. Its
     * answer, or the group's step-down bound passing first, hands the activity on.
     */
    private void sendInactiveUpdate(Subscription subscription) {
        int correlationId = sendConsumerUpdate(subscription, INACTIVE);
        Future<?> bound = subscription.channel().eventLoop().schedule(() -> stepDown(correlationId),
            groups.stepDownBound().toNanos(), TimeUnit.NANOSECONDS);
        pendingUpdates.put(correlationId, new PendingUpdate(subscription, false, bound));
    }

    private int sendConsumerUpdate(Subscription subscription, int active) {
        int correlationId = nextCorrelationId++;
        Channel channel = subscription.channel();
        ByteBuf frame = channel.alloc().buffer();
        int start = FrameLayout.begin(frame, CommandKey.CONSUMER_UPDATE, StreamConnection.VERSION_1);
        frame.writeInt(correlationId).writeByte(subscription.id()).writeByte(active);
        channel.writeAndFlush(FrameLayout.finish(frame, start));
        return correlationId;
    }

    /** The inactive update {@code correlationId} was answered or its bound passed: the group may go on, once. */
    private void stepDown(int correlationId) {
        PendingUpdate pending = pendingUpdates.remove(correlationId);
        if (pending != null) {
            pending.subscription().steppedDown();
        }
    }

    /**
     * The client's answer to a consumer update: a response code and the offset specification to resume from (type 0,
     * none, keeps the subscription's own). An answer to no pending update (its subscription closed since) is dropped.
     */
    private void onConsumerUpdateAnswer(FrameReader reader) {
        int correlationId = reader.int32("correlation id");
        int code = reader.uint16("response code");
        int type = reader.uint16("offset type");
        OffsetStart start = type == NO_OFFSET_TYPE ? null : offsetStart(type, "consumer update");
        long value = readOffsetValue(reader, type);
        reader.end("consumer update response");
        PendingUpdate pending = pendingUpdates.get(correlationId);
        if (pending == null) {
            return;
        }
        if (!pending.active()) {
            pending.bound().cancel(false);
            stepDown(correlationId); // what an inactive member answers is of no use: it resumes where it is told later
            return;
        }
        pendingUpdates.remove(correlationId);
        Subscription subscription = pending.subscription();
        if (subscriptions[subscription.id()] != subscription) {
            return;
        }
        boolean resume = code == ResponseCode.OK && start != null;
        subscription.activate(resume ? subscription.log().startSlot(start, value) : subscription.startSlot());
    }

    private void onCredit(FrameReader reader, Responder out) {
        int id = reader.uint8("subscription id");
        int credit = reader.uint16("credit");
        reader.end("credit");
        Subscription subscription = subscriptions[id];
        if (subscription == null) {
            // the only answer credit has: no correlation id, the code, then the subscription
            ByteBuf frame = out.alloc();
            int start = FrameLayout.begin(frame, CommandKey.CREDIT | CommandKey.RESPONSE_FLAG, StreamConnection.VERSION_1);
            frame.writeShort(ResponseCode.SUBSCRIPTION_ID_DOES_NOT_EXIST).writeByte(id);
            out.send(frame, start);
            return;
        }
        subscription.credit(credit, MAX_CREDIT);
    }

    private void onUnsubscribe(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        int id = reader.uint8("subscription id");
        reader.end("unsubscribe");
        Subscription subscription = subscriptions[id];
        if (subscription == null) {
            out.respond(CommandKey.UNSUBSCRIBE, correlationId, ResponseCode.SUBSCRIPTION_ID_DOES_NOT_EXIST);
            return;
        }
        subscription.close();
        subscriptions[id] = null;
        out.respond(CommandKey.UNSUBSCRIBE, correlationId, ResponseCode.OK);
    }

    /** Asks again whether each subscription may read its stream: the permissions changed. On the event loop. */
    void recheck() {
        for (int id = 0; id < MAX_SUBSCRIPTIONS; id++) {
            Subscription subscription = subscriptions[id];
            if (subscription != null && !access.allows(subscription.log().name(), consumers[id], Operation.SUBSCRIBE)) {
                subscription.revoke();
                subscriptions[id] = null;
                consumers[id] = null;
            }
        }
    }

    /** Delivers again after the socket drained. */
    void resume() {
        for (Subscription subscription : subscriptions) {
            if (subscription != null) {
                subscription.pump();
            }
        }
    }

    /** Stops every subscription: the connection is gone. */
    void closeAll() {
        for (int i = 0; i < subscriptions.length; i++) {
            if (subscriptions[i] != null) {
                subscriptions[i].close();
                subscriptions[i] = null;
            }
        }
        pendingUpdates.values().forEach(pending -> {
            if (pending.bound() != null) {
                pending.bound().cancel(false);
            }
        });
        pendingUpdates.clear();
    }
}
