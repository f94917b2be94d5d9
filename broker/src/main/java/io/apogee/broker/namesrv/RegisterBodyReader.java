package io.apogee.broker.namesrv;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import java.io.DataInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.InflaterInputStream;

/**
 * Reads the topics out of a REGISTER_BROKER body, in either form a broker sends: RegisterBrokerBody JSON, whose
 * {@code topicConfigSerializeWrapper.topicConfigTable} holds each topic's TopicConfig (Apogee's brokers, and Apache
 * RocketMQ's by default), or the deflated form of a RocketMQ broker with {@code compressedRegister=true}, which 5.x
 * sends with the header's {@code compressed} flag false, so the form is told by the first byte:
 *
 * <pre>
 *  deflate(
 *    int length, DataVersion JSON
 *    int topics, then per topic: int length, "name readQueues writeQueues perm filterType [attributes JSON]"
 *    int length, filter server list JSON
 *    int mappings, then per mapping: int length, TopicQueueMappingInfo JSON)      ints big-endian
 * </pre>
 *
 * The deflated form is inflated through a counter: past {@code maxInflatedBytes} in all the read stops with an
 * {@link IOException} naming the limit, so a small body cannot inflate to gigabytes of heap.
 *
 * <p>Stateless apart from the thread-safe mapper; safe for any thread.
 */
public final class RegisterBodyReader {
    /** The setting of the inflated-size limit. */
    public static final String MAX_INFLATED_SETTING = "registerBodyMaxInflatedSize";
    /** The default inflated-size limit: 64 MiB, four frames' worth. */
    public static final int DEFAULT_MAX_INFLATED_BYTES = 64 << 20;

    private static final int DEFAULT_PERM = 6;
    private static final int MAX_TOPICS = 1 << 20;
    private static final int MAX_ITEM_BYTES = 1 << 20;
    /** name, readQueues, writeQueues, perm: the fields read from a deflated topic config. */
    private static final int TOPIC_FIELDS = 4;

    private static final DataVersion NO_VERSION = new DataVersion(0, 0, 0);

    private final ObjectMapper mapper = new ObjectMapper();
    private final long maxInflatedBytes;

    /** A reader that inflates a deflated body to at most {@link #DEFAULT_MAX_INFLATED_BYTES} bytes. */
    public RegisterBodyReader() {
        this(DEFAULT_MAX_INFLATED_BYTES);
    }

    /** A reader that inflates a deflated body to at most {@code maxInflatedBytes} bytes. */
    public RegisterBodyReader(long maxInflatedBytes) {
        this.maxInflatedBytes = maxInflatedBytes;
    }

    /**
     * A registration body read.
     *
     * @param version the version of the topic table
     * @param topics  the queues of each topic, by topic
     */
    public record RegisterBody(DataVersion version, Map<String, QueueData> topics) {
    }

    /**
     * The version of the topic table and the queues of each topic {@code brokerName} serves, by topic; no topics and
     * version 0 for an empty body.
     *
     * @throws IOException if the body is not a RegisterBrokerBody
     */
    public RegisterBody read(ByteBuf body, String brokerName) throws IOException {
        Map<String, QueueData> topics = new LinkedHashMap<>();
        if (!body.isReadable()) {
            return new RegisterBody(NO_VERSION, topics);
        }
        if (body.getByte(body.readerIndex()) != '{') {
            return deflated(body, brokerName, topics);
        }
        JsonNode root = json(body);
        JsonNode wrapper = root.path("topicConfigSerializeWrapper");
        JsonNode table = wrapper.path("topicConfigTable");
        for (Iterator<Map.Entry<String, JsonNode>> it = table.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            JsonNode config = entry.getValue();
            topics.put(entry.getKey(), new QueueData(brokerName, config.path("readQueueNums").asInt(0),
                config.path("writeQueueNums").asInt(0), config.path("perm").asInt(DEFAULT_PERM),
                config.path("topicSysFlag").asInt(0)));
        }
        return new RegisterBody(version(wrapper.path("dataVersion")), topics);
    }

    /**
     * The DataVersion JSON body of a QUERY_DATA_VERSION.
     *
     * @throws IOException if the body is not a JSON object
     */
    public DataVersion version(ByteBuf body) throws IOException {
        return body.isReadable() ? version(json(body)) : NO_VERSION;
    }

    private JsonNode json(ByteBuf body) throws IOException {
        JsonNode root;
        try (ByteBufInputStream in = new ByteBufInputStream(body.duplicate())) {
            root = mapper.readTree((InputStream) in);
        }
        if (root == null || !root.isObject()) {
            throw new IOException("not a JSON object");
        }
        return root;
    }

    private static DataVersion version(JsonNode version) {
        return new DataVersion(version.path("counter").asLong(0), version.path("timestamp").asLong(0),
            version.path("stateVersion").asLong(0));
    }

    private RegisterBody deflated(ByteBuf body, String brokerName, Map<String, QueueData> topics) throws IOException {
        InputStream inflated = new InflaterInputStream(new ByteBufInputStream(body.duplicate()));
        try (DataInputStream in = new DataInputStream(new BoundedInput(inflated, maxInflatedBytes))) {
            JsonNode version = mapper.readTree(in.readNBytes(length(in)));
            int count = in.readInt();
            if (count < 0 || count > MAX_TOPICS) {
                throw new IOException("bad topic count " + count);
            }
            for (int i = 0; i < count; i++) {
                String[] fields = new String(in.readNBytes(length(in)), StandardCharsets.UTF_8).split(" ");
                if (fields.length < TOPIC_FIELDS) {
                    throw new IOException("bad topic config: " + String.join(" ", fields));
                }
                int read = Integer.parseInt(fields[1]);
                int write = Integer.parseInt(fields[2]);
                topics.put(fields[0], new QueueData(brokerName, read, write, Integer.parseInt(fields[3]), 0));
            }
            return new RegisterBody(version == null ? NO_VERSION : version(version), topics);
        } catch (NumberFormatException e) {
            throw new IOException("bad number in a topic config: " + e.getMessage(), e);
        }
    }

    /** Passes at most {@code limit} bytes through; one more is an {@link IOException} naming the limit. */
    private static final class BoundedInput extends FilterInputStream {
        private final long limit;
        private long count;

        BoundedInput(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counted(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int read = super.read(buffer, offset, length);
            if (read > 0) {
                counted(read);
            }
            return read;
        }

        private void counted(int bytes) throws IOException {
            count += bytes;
            if (count > limit) {
                throw new IOException("the deflated body inflates past the limit of " + limit + " bytes ("
                    + MAX_INFLATED_SETTING + ")");
            }
        }
    }

    private static int length(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_ITEM_BYTES) {
            throw new IOException("bad item length " + length);
        }
        return length;
    }
}
