package io.apogee.streams.server;

import io.apogee.streams.log.OffsetStart;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.MalformedFrameException;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;

/**
 * The subscriptions of one connection, by their one-byte id: subscribe with an offset specification, credit and
 * unsubscribe. A subscription starts at the chunk that holds its first offset; the client skips the records before it.
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

    private final StreamRegistry registry;
    private final Subscription[] subscriptions = new Subscription[MAX_SUBSCRIPTIONS];

    Subscriptions(StreamRegistry registry) {
        this.registry = registry;
    }

    /** Whether {@code key} is one of its commands. */
    boolean handles(int key) {
        return key == CommandKey.SUBSCRIBE || key == CommandKey.CREDIT || key == CommandKey.UNSUBSCRIBE;
    }

    /** Handles a frame of one of its commands. */
    boolean on(int key, FrameReader reader, Responder out) {
        switch (key) {
            case CommandKey.SUBSCRIBE -> onSubscribe(reader, out);
            case CommandKey.CREDIT -> onCredit(reader, out);
            default -> onUnsubscribe(reader, out);
        }
        return true;
    }

    private void onSubscribe(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        int id = reader.uint8("subscription id");
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        int type = reader.uint16("offset type");
        OffsetStart start = switch (type) {
            case FIRST -> OffsetStart.FIRST;
            case LAST -> OffsetStart.LAST;
            case NEXT -> OffsetStart.NEXT;
            case OFFSET -> OffsetStart.OFFSET;
            case TIMESTAMP -> OffsetStart.TIMESTAMP;
            default -> throw new MalformedFrameException("subscribe: offset type " + type);
        };
        long value = type == OFFSET || type == TIMESTAMP ? reader.int64("offset") : 0;
        int credit = reader.uint16("credit");
        if (reader.frame().isReadable()) {
            int count = reader.arrayLength("properties", MAX_PROPERTIES);
            for (int i = 0; i < count; i++) {
                reader.string("property key", StreamConnection.MAX_STRING);
                reader.string("property value", StreamConnection.MAX_STRING);
            }
        }
        reader.end("subscribe");
        StreamLog log = registry.get(stream);
        if (subscriptions[id] != null) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.SUBSCRIPTION_ID_ALREADY_EXISTS);
            return;
        }
        if (log == null) {
            out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.STREAM_DOES_NOT_EXIST);
            return;
        }
        if (type == OFFSET && value < 0) {
            value = Long.MAX_VALUE; // an uint64 above the long range: past every offset
        }
        Subscription subscription = new Subscription(id, log, out.context().channel(), log.startSlot(start, value), credit);
        subscriptions[id] = subscription;
        // the response goes first: the client takes a deliver only for a subscription it was told of
        out.respond(CommandKey.SUBSCRIBE, correlationId, ResponseCode.OK);
        subscription.start();
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
    }
}
