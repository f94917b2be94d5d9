package io.apogee.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;

/**
 * What an application hands a producer, as the application holds it: a topic, and per message tags, keys, one user
 * property (name and value {@code String}s) and a body array; plus the unique key the producer adds, made
 * beforehand so that neither side's key generator is measured. Immutable once built; both libraries read the same
 * inputs.
 *
 * <p>Two workloads: {@link #ASCII} (a 200-char ASCII user property) and {@link #NON_ASCII} (the same length of
 * Latin, Greek, Cyrillic and CJK text with one surrogate pair), so that UTF-8 encoding and decoding are really
 * exercised.
 */
public final class ApplicationInputs {
    /** The workload name of plain ASCII properties. */
    public static final String ASCII = "ascii-properties";
    /** The workload name of one long non-ASCII user property. */
    public static final String NON_ASCII = "non-ascii-properties";
    /** The topic of every message. */
    public static final String TOPIC = "BenchTopic";

    private static final long SEED = 20261201L;
    private static final int VALUE_CHARS = 200;
    private static final String ASCII_TEXT = "Zurich-Tokyo-Sao Paulo-Krakow-Athens-Moscow-";
    private static final String NON_ASCII_TEXT = "Zürich-東京-São Paulo-Kraków-Αθήνα-Москва-\uD83D\uDE80-";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final String propertyName;
    private final String[] tags;
    private final String[] keys;
    private final String[] values;
    private final String[] uniqueKeys;
    private final byte[][] bodies;

    private ApplicationInputs(int count, int bodySize, boolean ascii) {
        SplittableRandom random = new SplittableRandom(SEED);
        propertyName = ascii ? "region" : "région";
        tags = new String[count];
        keys = new String[count];
        values = new String[count];
        uniqueKeys = new String[count];
        bodies = new byte[count][];
        String text = ascii ? ASCII_TEXT : NON_ASCII_TEXT;
        for (int i = 0; i < count; i++) {
            tags[i] = "TagA";
            keys[i] = "order-" + i + " customer-" + (i % 97);
            values[i] = longText(text, i);
            uniqueKeys[i] = uniqueKey(random);
            bodies[i] = body(random, bodySize);
        }
    }

    /**
     * The inputs of {@code shape} (messages x body bytes, e.g. {@code "32x1024"}) and {@code workload}
     * ({@link #ASCII} or {@link #NON_ASCII}).
     */
    public static ApplicationInputs of(String shape, String workload) {
        String[] parts = shape.split("x");
        if (!ASCII.equals(workload) && !NON_ASCII.equals(workload)) {
            throw new IllegalArgumentException("unknown workload: " + workload);
        }
        return new ApplicationInputs(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), ASCII.equals(workload));
    }

    /** The number of messages. */
    public int count() {
        return bodies.length;
    }

    /** The user property's name, the same for every message. */
    public String propertyName() {
        return propertyName;
    }

    /** The tags of message {@code i}. */
    public String tags(int i) {
        return tags[i];
    }

    /** The keys of message {@code i} (two, separated by a space). */
    public String keys(int i) {
        return keys[i];
    }

    /** The user property's value of message {@code i}. */
    public String value(int i) {
        return values[i];
    }

    /** The unique key the producer gives message {@code i}. */
    public String uniqueKey(int i) {
        return uniqueKeys[i];
    }

    /** The body of message {@code i}. */
    public byte[] body(int i) {
        return bodies[i];
    }

    /** Message {@code i} as RocketMQ's producer holds it after adding its unique key. */
    public Message rocketMqMessage(int i) {
        Message message = new Message(TOPIC, tags[i], keys[i], bodies[i]);
        message.putUserProperty(propertyName, values[i]);
        MessageAccessor.putProperty(message, MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, uniqueKeys[i]);
        return message;
    }

    /** A PULL response body holding every message as a stored record, encoded by RocketMQ's own encoder. */
    public byte[] pullBody() {
        List<Message> messages = new ArrayList<>();
        for (int i = 0; i < count(); i++) {
            messages.add(rocketMqMessage(i));
        }
        return RocketMqPullBody.of(messages, UnaryOperator.identity());
    }

    private static String longText(String text, int i) {
        StringBuilder value = new StringBuilder(VALUE_CHARS + 8);
        while (value.length() < VALUE_CHARS) {
            value.append(text);
        }
        value.setLength(VALUE_CHARS);
        if (Character.isHighSurrogate(value.charAt(VALUE_CHARS - 1))) {
            value.setLength(VALUE_CHARS - 1); // never end on half a pair
        }
        return value.append(i).toString();
    }

    private static byte[] body(SplittableRandom random, int size) {
        byte[] body = new byte[size];
        for (int b = 0; b < size; b++) {
            body[b] = (byte) ('a' + random.nextInt(26));
        }
        return body;
    }

    private static String uniqueKey(SplittableRandom random) {
        char[] key = new char[32];
        for (int i = 0; i < key.length; i++) {
            key[i] = HEX[random.nextInt(16)];
        }
        return new String(key);
    }
}
