package io.apogee.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.Message;

/**
 * The messages every benchmark works on: realistic properties (KEYS, TAGS, WAIT, a 32-hex UNIQ_KEY and one
 * non-ASCII user property) and a deterministic body, built the way an application builds them with RocketMQ's
 * client classes. Immutable once built; shared by the Apogee and RocketMQ sides so both do the same work.
 */
public final class Workload {
    /** The topic of every message. */
    public static final String TOPIC = "BenchTopic";
    /**
     * The non-ASCII user property, so UTF-8 encoding is really exercised; {@code -Dapogee.bench.asciiProperties=true}
     * makes it plain ASCII, to show what transcoding costs.
     */
    public static final boolean ASCII_PROPERTIES = Boolean.getBoolean("apogee.bench.asciiProperties");
    /** The user property's name. */
    public static final String USER_PROPERTY = ASCII_PROPERTIES ? "region" : "région";

    private static final long SEED = 20261130L;
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final int count;
    private final int bodySize;
    private final List<Message> messages;

    private Workload(int count, int bodySize) {
        this.count = count;
        this.bodySize = bodySize;
        this.messages = buildMessages(count, bodySize);
    }

    /** Parses a shape such as {@code "100x1024"}: 100 messages of 1024-byte bodies. */
    public static Workload of(String shape) {
        String[] parts = shape.split("x");
        return new Workload(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    /** The number of messages. */
    public int count() {
        return count;
    }

    /** The body size of each message. */
    public int bodySize() {
        return bodySize;
    }

    /** RocketMQ client messages, as an application would pass them to {@code send(Collection)}. */
    public List<Message> messages() {
        return messages;
    }

    /** The user properties of message {@code i} in the order RocketMQ writes them (its HashMap's order). */
    public Map<String, String> properties(int i) {
        return messages.get(i).getProperties();
    }

    /**
     * A PULL response body holding every message as a stored record, encoded by RocketMQ's own encoder as a
     * broker would store it.
     */
    public byte[] pullBody() {
        return RocketMqPullBody.of(messages, Workload::copyInOrder);
    }

    /**
     * A copy that iterates in the same order: one put at a time into a default-sized map, as the original was
     * filled ({@code new HashMap<>(map)} may size its table differently and so reorder the entries).
     */
    public static Map<String, String> copyInOrder(Map<String, String> properties) {
        Map<String, String> copy = new HashMap<>();
        for (Map.Entry<String, String> entry : properties.entrySet()) {
            copy.put(entry.getKey(), entry.getValue());
        }
        return copy;
    }

    private static List<Message> buildMessages(int count, int bodySize) {
        SplittableRandom random = new SplittableRandom(SEED);
        List<Message> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] body = new byte[bodySize];
            for (int b = 0; b < bodySize; b++) {
                body[b] = (byte) ('a' + random.nextInt(26));
            }
            Message message = new Message(TOPIC, "TagA", "order-" + i + " customer-" + (i % 97), body);
            message.putUserProperty(USER_PROPERTY, (ASCII_PROPERTIES ? "Zurich-Tokyo-" : "Zürich-東京-") + i);
            message.getProperties().put("UNIQ_KEY", uniqueKey(random));
            message.setWaitStoreMsgOK(true);
            list.add(message);
        }
        return list;
    }

    private static String uniqueKey(SplittableRandom random) {
        char[] key = new char[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = HEX[random.nextInt(16)];
        }
        return new String(key);
    }
}
