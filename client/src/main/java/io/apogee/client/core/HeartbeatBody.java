package io.apogee.client.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;

/**
 * Writes the HeartbeatData JSON of a HEART_BEAT request (docs/protocol.md §3.3 34): the client id, the producer groups
 * and the consumer groups with their subscriptions, keys sorted as fastjson writes them. Stateless and thread-safe.
 */
public final class HeartbeatBody {
    private final JsonFactory json = new JsonFactory();

    /** The body for {@code clientId} with these producer groups and consumer registrations. */
    public byte[] write(String clientId, Collection<String> producerGroups, Collection<ConsumerRegistration> consumers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator g = json.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("clientID", clientId);
            g.writeArrayFieldStart("consumerDataSet");
            for (ConsumerRegistration consumer : consumers) {
                writeConsumer(g, consumer);
            }
            g.writeEndArray();
            g.writeNumberField("heartbeatFingerprint", 0);
            g.writeArrayFieldStart("producerDataSet");
            for (String group : producerGroups) {
                g.writeStartObject();
                g.writeStringField("groupName", group);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeBooleanField("withoutSub", false);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void writeConsumer(JsonGenerator g, ConsumerRegistration consumer) throws IOException {
        g.writeStartObject();
        g.writeStringField("consumeFromWhere", consumer.consumeFromWhere());
        g.writeStringField("consumeType", consumer.consumeType());
        g.writeStringField("groupName", consumer.group());
        g.writeStringField("messageModel", consumer.messageModel());
        g.writeArrayFieldStart("subscriptionDataSet");
        for (ConsumerRegistration.Subscription sub : consumer.subscriptions()) {
            g.writeStartObject();
            g.writeBooleanField("classFilterMode", false);
            g.writeArrayFieldStart("codeSet");
            for (int code : sub.codes()) {
                g.writeNumber(code);
            }
            g.writeEndArray();
            g.writeStringField("expressionType", "TAG");
            g.writeStringField("subString", sub.expression());
            g.writeNumberField("subVersion", sub.subVersion());
            g.writeArrayFieldStart("tagsSet");
            for (String tag : sub.tags()) {
                g.writeString(tag);
            }
            g.writeEndArray();
            g.writeStringField("topic", sub.topic());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeBooleanField("unitMode", false);
        g.writeEndObject();
    }
}
