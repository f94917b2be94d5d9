package io.apogee.cli.store;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One record as {@code apogee store dump} prints it: a line of text, or a JSON object on one line. The body is
 * shown as a short preview: printable ASCII as is, other bytes as {@code \xNN}.
 *
 * <p>Not thread-safe: one dump, one thread.
 */
final class RecordText {
    private static final char FIRST_PRINTABLE = ' ';
    private static final char LAST_PRINTABLE = '~';
    private static final int BYTE_MASK = 0xFF;

    private final JsonMapper mapper = new JsonMapper();
    private final int previewBytes;

    RecordText(int previewBytes) {
        this.previewBytes = previewBytes;
    }

    /** The text line of the record at {@code offset}. */
    String line(StoredRecord record, long offset, boolean bodyIntact) {
        Map<String, String> properties = properties(record);
        StringBuilder out = new StringBuilder(256);
        out.append("offset=").append(offset)
            .append(" topic=").append(record.topic())
            .append(" queue=").append(record.queueId())
            .append(" queueOffset=").append(record.queueOffset())
            .append(" stored=").append(Instant.ofEpochMilli(record.storeTimestamp()))
            .append(" born=").append(record.bornHost())
            .append(" keys=").append(properties.getOrDefault(PropertyNames.KEYS, ""))
            .append(" tags=").append(properties.getOrDefault(PropertyNames.TAGS, ""))
            .append(" properties=").append(properties)
            .append(" bodySize=").append(record.bodyLength());
        if (!bodyIntact) {
            out.append(" bodyCrc=BAD");
        }
        out.append(" body=\"").append(preview(record)).append('"');
        return out.toString();
    }

    /** The JSON line of the record at {@code offset}. */
    String json(StoredRecord record, long offset, boolean bodyIntact) {
        Map<String, String> properties = properties(record);
        ObjectNode node = mapper.createObjectNode();
        node.put("offset", offset);
        node.put("topic", record.topic());
        node.put("queueId", record.queueId());
        node.put("queueOffset", record.queueOffset());
        node.put("storeTime", Instant.ofEpochMilli(record.storeTimestamp()).toString());
        node.put("bornHost", record.bornHost().toString());
        node.put("keys", properties.getOrDefault(PropertyNames.KEYS, ""));
        node.put("tags", properties.getOrDefault(PropertyNames.TAGS, ""));
        ObjectNode props = node.putObject("properties");
        properties.forEach(props::put);
        node.put("bodySize", record.bodyLength());
        node.put("bodyIntact", bodyIntact);
        node.put("bodyPreview", preview(record));
        return node.toString();
    }

    /** The record's properties in their stored order (later duplicates win, as RocketMQ's map keeps them). */
    static Map<String, String> properties(StoredRecord record) {
        Map<String, String> properties = new LinkedHashMap<>();
        PropertiesReader reader = record.properties();
        while (reader.next()) {
            properties.put(reader.name(), reader.value());
        }
        return properties;
    }

    private String preview(StoredRecord record) {
        ByteBuffer buffer = record.buffer();
        int start = record.bodyOffset();
        int length = Math.min(previewBytes, record.bodyLength());
        StringBuilder out = new StringBuilder(length + 8);
        for (int i = 0; i < length; i++) {
            int b = buffer.get(start + i) & BYTE_MASK;
            if (b >= FIRST_PRINTABLE && b <= LAST_PRINTABLE && b != '"' && b != '\\') {
                out.append((char) b);
            } else {
                out.append(String.format("\\x%02x", b));
            }
        }
        if (record.bodyLength() > length) {
            out.append("...");
        }
        return out.toString();
    }
}
