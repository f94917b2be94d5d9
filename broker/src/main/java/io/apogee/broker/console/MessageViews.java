package io.apogee.broker.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Messages found by id or by key, as the console shows them: where they are stored, their properties and a preview of
 * their body (the first {@value #PREVIEW_BYTES} bytes as UTF-8 text, bytes that are not text replaced). By id, an
 * offset message id (the broker's {@code offsetMsgId}) is read where it points; a client's id (UNIQ_KEY) is looked up
 * in the index of the topic given with it, as mqadmin's {@code queryMsgByUniqueKey} does.
 *
 * <p>Not thread-safe: owned by the console's thread (it owns the lookup, the result and the flyweight).
 */
final class MessageViews {
    /** The bytes of a body shown. */
    static final int PREVIEW_BYTES = 512;
    /** The most messages one key lookup shows. */
    static final int MAX_MESSAGES = 32;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final MessageLookup lookup;
    private final ReadResult result = new ReadResult(MAX_MESSAGES);
    private final StoredRecord record = new StoredRecord();
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE);

    MessageViews(MessageLookup lookup) {
        this.lookup = lookup;
    }

    /** The message of {@code id}: an offset message id, or a client's id of {@code topic} (null when none is given). */
    ObjectNode byId(String id, String topic) {
        try {
            if (topic != null && lookup.query(topic, id, 0, Long.MAX_VALUE, MAX_MESSAGES, result) == ReadStatus.FOUND) {
                return messages();
            }
            result.release();
            if (lookup.viewById(id, result) == ReadStatus.FOUND) {
                return messages();
            }
        } finally {
            result.release();
        }
        throw new BadRequest(BadRequest.NOT_FOUND, topic == null
            ? "no message at offset message id " + id + " (a client's message id needs its topic)"
            : "no message " + id + " in topic " + topic);
    }

    /** The newest messages of {@code topic} under {@code key}, at most {@value #MAX_MESSAGES}. */
    ObjectNode byKey(String topic, String key) {
        try {
            if (lookup.query(topic, key, 0, Long.MAX_VALUE, MAX_MESSAGES, result) == ReadStatus.FOUND) {
                return messages();
            }
        } finally {
            result.release();
        }
        throw new BadRequest(BadRequest.NOT_FOUND, "no message of topic " + topic + " with key " + key);
    }

    private ObjectNode messages() {
        ObjectNode answer = JSON.objectNode();
        ArrayNode list = answer.putArray("messages");
        for (int i = 0; i < result.count(); i++) {
            list.add(message(record.wrap(result.slice(i), 0)));
        }
        return answer;
    }

    private ObjectNode message(StoredRecord message) {
        ObjectNode node = JSON.objectNode()
            .put("offsetMsgId", OffsetMessageId.of(message))
            .put("topic", message.topic())
            .put("queueId", message.queueId())
            .put("queueOffset", message.queueOffset())
            .put("commitLogOffset", message.physicalOffset())
            .put("bornTimestamp", message.bornTimestamp())
            .put("storeTimestamp", message.storeTimestamp())
            .put("bornHost", message.bornHost().toString())
            .put("storeHost", message.storeHost().toString())
            .put("reconsumeTimes", message.reconsumeTimes())
            .put("flag", message.flag())
            .put("sysFlag", message.sysFlag())
            .put("bodySize", message.bodyLength());
        ObjectNode properties = node.putObject("properties");
        PropertiesReader reader = message.properties();
        while (reader.next()) {
            properties.put(reader.name(), reader.value());
        }
        node.put("msgId", properties.path(PropertyNames.UNIQ_KEY).asText(""));
        boolean compressed = (message.sysFlag() & MessageSysFlag.COMPRESSED) != 0;
        node.put("bodyCompressed", compressed);
        node.put("bodyTruncated", message.bodyLength() > PREVIEW_BYTES);
        node.put("bodyPreview", compressed ? "" : preview(message.bodySlice()));
        return node;
    }

    private String preview(ByteBuffer body) {
        ByteBuffer head = body.slice(0, Math.min(body.remaining(), PREVIEW_BYTES));
        try {
            CharBuffer text = decoder.reset().decode(head);
            StringBuilder shown = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                shown.append(Character.isISOControl(c) && c != '\n' && c != '\t' ? '\uFFFD' : c);
            }
            return shown.toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder refused bytes", e);
        }
    }
}
