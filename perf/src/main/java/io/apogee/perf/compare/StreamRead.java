package io.apogee.perf.compare;

import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageHandler;
import io.apogee.perf.DeliveryVerifier;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One consumer's read of a stream: verifies and counts each message and keeps when the first and the last expected
 * one arrived.
 * Every read of a run, warm or measured, goes through this one class, so that the client's delivery loop calls one
 * handler class throughout and the measured read does not pay for the JIT recompiling it. Safe for any thread.
 */
final class StreamRead implements MessageHandler {
    private final DeliveryVerifier verifier;
    private final long expected;
    private final AtomicLong consumed = new AtomicLong();
    private volatile long firstDelivery;
    private volatile long lastDelivery;

    /**
     * A read whose deliveries {@code verifier} checks, which ends with the {@code expected}th message. The clock is
     * read at the first and that last message only: read at each one, it took a fifth of the client's delivery
     * thread on this machine, for either broker.
     */
    StreamRead(DeliveryVerifier verifier, long expected) {
        this.verifier = verifier;
        this.expected = expected;
    }

    @Override
    public void handle(Context context, Message message) {
        long count = consumed.incrementAndGet();
        if (count == 1) {
            firstDelivery = System.nanoTime();
        }
        if (count == expected) {
            lastDelivery = System.nanoTime();
        }
        verifier.received(ByteBuffer.wrap(message.getBodyAsBinary()));
    }

    /** Messages delivered so far. */
    long consumed() {
        return consumed.get();
    }

    /** Whether every confirmed message has arrived intact. */
    boolean complete() {
        return verifier.allConfirmedReceived();
    }

    /** Messages per second from the first delivery to the expected last one (over at least a nanosecond); 0 before. */
    double rate() {
        long last = lastDelivery;
        if (last == 0) {
            return 0;
        }
        return expected * (double) TimeUnit.SECONDS.toNanos(1) / Math.max(1, last - firstDelivery);
    }

    /** What the verification of this read found, with the publishers' {@code confirmed} and {@code failed} counts. */
    StreamResult.Delivery delivery(long confirmed, long failed) {
        return new StreamResult.Delivery(confirmed, failed, verifier.receivedDistinct(), verifier.lost(),
            verifier.duplicates(), verifier.corrupt());
    }
}
