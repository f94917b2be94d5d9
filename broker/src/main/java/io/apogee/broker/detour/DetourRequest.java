package io.apogee.broker.detour;

import io.apogee.broker.request.Exchange;
import io.apogee.wire.header.SendMessageRequestHeader;

/**
 * The single send a {@link Detour} may take: its exchange, its decoded request header, the topic and queue it goes
 * to, and what one pass over its properties found (the DELAY level asked for, whether a delivery time is asked for).
 * One instance is reused for every send of its processor, so a send that takes no detour allocates nothing here.
 *
 * <p>Not thread-safe: filled and read on the sending thread only. A detour reads it before it returns and keeps no
 * reference to it; its completions capture the values they need.
 */
public final class DetourRequest {
    private Exchange exchange;
    private SendMessageRequestHeader header;
    private String topic;
    private int queueId;
    private int delayLevel;
    private boolean timed;

    /** Makes this the send of {@code from}, decoded into {@code decoded}, to {@code toTopic}/{@code toQueue}. */
    public DetourRequest set(Exchange from, SendMessageRequestHeader decoded, String toTopic, int toQueue) {
        this.exchange = from;
        this.header = decoded;
        this.topic = toTopic;
        this.queueId = toQueue;
        this.delayLevel = 0;
        this.timed = false;
        return this;
    }

    /** Sets what the message's properties ask for: a DELAY {@code level} (0 for none) and a delivery time. */
    public DetourRequest asks(int level, boolean deliveryTime) {
        this.delayLevel = level;
        this.timed = deliveryTime;
        return this;
    }

    /** Forgets the send, so that no exchange is kept past its processing. */
    public void clear() {
        exchange = null;
        header = null;
        topic = null;
    }

    /** The request and its body. */
    public Exchange exchange() {
        return exchange;
    }

    /** The decoded request header (reused by the processor for its next send). */
    public SendMessageRequestHeader header() {
        return header;
    }

    /** The topic the send goes to. */
    public String topic() {
        return topic;
    }

    /** The queue the send goes to. */
    public int queueId() {
        return queueId;
    }

    /** The DELAY level the message asks for; 0 for none. */
    public int delayLevel() {
        return delayLevel;
    }

    /** Whether the message asks for a delivery time (and no delay level, which wins). */
    public boolean timed() {
        return timed;
    }
}
