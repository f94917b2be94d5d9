package io.apogee.client.producer;

import io.apogee.client.ClientException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.common.time.Clock;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportException;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One async send and its retries: like the official client, a network failure or a timeout is retried on another
 * broker (up to the producer's retries, within the send timeout), while a broker's error code completes the future
 * as it is. The encoded body and the properties are kept in pooled buffers for the resends and released when the
 * future completes. Thread-safe by confinement: each attempt's outcome arrives once, and a resend is made from there.
 */
final class AsyncSend implements ResponseCallback {
    private final Resender resender;
    private final CompletableFuture<SendResult> result;
    private final ByteBuf body;
    private final ByteBuf properties;
    private final int flag;
    private final int sysFlag;
    private final String msgId;
    private final long deadlineNanos;
    private final Clock clock;
    private int attemptsLeft;
    private MessageQueue queue;
    private String address;

    /** Resends on behalf of an {@link AsyncSend}: picks a queue and writes the request. */
    interface Resender {
        /** The next queue, avoiding {@code brokerName}. */
        MessageQueue select(MessageQueue previous);

        /** The master address of the queue's broker. */
        String address(MessageQueue queue);

        /** Encodes the header for {@code queue} (on the calling thread) and sends it with {@code body}. */
        void send(String address, MessageQueue queue, ByteBuf properties, int flag, int sysFlag, ByteBuf body,
                  long timeoutMillis, ResponseCallback callback);
    }

    AsyncSend(Resender resender, CompletableFuture<SendResult> result, ByteBuf body, ByteBuf properties, int flag, int sysFlag,
              String msgId, int retries, long timeoutMillis, Clock clock) {
        this.resender = resender;
        this.result = result;
        this.body = body;
        this.properties = properties;
        this.flag = flag;
        this.sysFlag = sysFlag;
        this.msgId = msgId;
        this.attemptsLeft = retries + 1;
        this.clock = clock;
        this.deadlineNanos = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        result.whenComplete((r, e) -> {
            body.release();
            properties.release();
        });
    }

    /** Sends the first attempt to {@code first}. */
    void start(MessageQueue first) {
        attempt(first);
    }

    private void attempt(MessageQueue target) {
        attemptsLeft--;
        queue = target;
        try {
            address = resender.address(target);
            long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - clock.nanos());
            resender.send(address, target, properties, flag, sysFlag, body.retainedDuplicate(), Math.max(1, left), this);
        } catch (ClientException e) {
            result.completeExceptionally(e);
        } catch (IllegalArgumentException e) {
            result.completeExceptionally(new io.apogee.client.InvalidMessageException("cannot be encoded: " + e.getMessage()));
        }
    }

    @Override
    public void onResponse(RemotingHeader header, ByteBuf responseBody) {
        try {
            result.complete(SendResponseReader.read(address, header, queue, msgId));
        } catch (ClientException e) {
            result.completeExceptionally(e);
        }
    }

    @Override
    public void onFailure(TransportException failure) {
        if (attemptsLeft > 0 && deadlineNanos - clock.nanos() > 0) {
            attempt(resender.select(queue));
        } else {
            result.completeExceptionally(ClientCore.translate(failure));
        }
    }
}
