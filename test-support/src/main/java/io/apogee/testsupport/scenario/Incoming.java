package io.apogee.testsupport.scenario;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A message as a client delivered it. Immutable.
 *
 * @param msgId      the producer's message id (UNIQ_KEY)
 * @param topic      the topic
 * @param tags       the tag, or null
 * @param keys       the keys, or null
 * @param body       the body, decompressed
 * @param properties every property the client shows, user and system
 * @param queueId    the queue it came from
 * @param bodyCrc    the body CRC the broker stored with it
 * @param reconsumeTimes how often it was delivered before and asked for again
 * @param transactionId  the transaction id of a half message the broker checks, or null
 */
public record Incoming(String msgId, String topic, String tags, String keys, byte[] body, Map<String, String> properties,
    int queueId, int bodyCrc, int reconsumeTimes, String transactionId) {
    /** Copies the properties. */
    public Incoming {
        properties = Map.copyOf(properties);
    }

    /** Property {@code name}, or null. */
    public String property(String name) {
        return properties.get(name);
    }

    /** The body as UTF-8 text. */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
