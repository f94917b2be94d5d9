package io.apogee.perf.compare;

import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.MessageHandler;
import io.apogee.perf.DeliveryVerifier;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * One consumer's read of a stream: verifies and counts each message and keeps when the first and the last arrived.
 * Every read of a run, warm or measured, goes through this one class, so that the client's delivery loop calls one
 * handler class throughout and the measured read does not pay for the JIT recompiling it. Safe for any thread.
 */
final class StreamRead implements MessageHandler {
    private final DeliveryVerifier verifier;
    private final LongAdder consumed = new LongAdder();
    private final AtomicLong firstDelivery = new AtomicLong();
    private final AtomicLong lastDelivery = new AtomicLong();

    /** A read whose deliveries {@code verifier} checks. */
    StreamRead(DeliveryVerifier verifier) {
        this.verifier = verifier;
    }

    @Override
    public void handle(Context context, Message message) {
        long now = System.nanoTime();
        firstDelivery.compareAndSet(0, now);
        lastDelivery.setRelease(now);
        verifier.received(ByteBuffer.wrap(message.getBodyAsBinary()));
        consumed.increment();
    }

    /** Messages delivered so far. */
    long consumed() {
        return consumed.sum();
    }

    /** Whether every confirmed message has arrived intact. */
    boolean complete() {
        return verifier.allConfirmedReceived();
    }

    /** Messages per second from the first delivery to the last (over at least a nanosecond). */
    double rate() {
        long nanos = Math.max(1, lastDelivery.get() - firstDelivery.get());
        return consumed() * (double) TimeUnit.SECONDS.toNanos(1) / nanos;
    }

    /** What the verification of this read found, with the publishers' {@code confirmed} and {@code failed} counts. */
    StreamResult.Delivery delivery(long confirmed, long failed) {
        return new StreamResult.Delivery(confirmed, failed, verifier.receivedDistinct(), verifier.lost(),
            verifier.duplicates(), verifier.corrupt());
    }
}
