package io.apogee.broker.ha;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.apogee.broker.admin.SubscriptionGroupJson;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.offset.OffsetExportProcessor;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A slave's tables made equal to what its master answered, as RocketMQ's {@code SlaveSynchronize} does: topics and
 * subscription groups are replaced (those the master no longer has are dropped), consumer offsets and delay-level
 * progress are taken over (a slave's own commits to a queue the master does not name stay). Each table is written to
 * its file when it changed. An answer that is not what RocketMQ's classes write changes nothing. The same JSON is what
 * RocketMQ keeps in its {@code config/*.json} files, so migration in place reads those through this class too.
 *
 * <p>Thread-safe: the tables are; one answer is applied by one call.
 */
public final class MasterMetadata {
    // RocketMQ's fastjson may write a map's integer keys unquoted ({0:12}), in its files as in its answers
    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES).build();

    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final String delayGroup;
    private final String delayTopic;

    /** Applies answers to these tables; delay progress is kept as {@code delayGroup}'s offsets in {@code delayTopic}. */
    public MasterMetadata(TopicTable topics, ConsumerOffsetTable offsets, SubscriptionGroupTable groups, String delayGroup,
        String delayTopic) {
        this.topics = topics;
        this.offsets = offsets;
        this.groups = groups;
        this.delayGroup = delayGroup;
        this.delayTopic = delayTopic;
    }

    /** A GET_ALL_TOPIC_CONFIG answer ({@code topicConfigTable}); returns how many topics the master has. */
    public int topics(byte[] answer) throws IOException {
        JsonNode table = table(answer, "topicConfigTable");
        Map<String, TopicConfig> master = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : table.properties()) {
            JsonNode topic = entry.getValue();
            master.put(entry.getKey(), new TopicConfig(entry.getKey(), topic.path("readQueueNums").asInt(),
                topic.path("writeQueueNums").asInt(), topic.path("perm").asInt(),
                topic.path("topicFilterType").asText(TopicConfig.SINGLE_TAG), topic.path("topicSysFlag").asInt(),
                topic.path("order").asBoolean()));
        }
        boolean changed = false;
        for (TopicConfig held : topics.all()) {
            if (!master.containsKey(held.name())) {
                topics.remove(held.name());
                changed = true;
            }
        }
        for (TopicConfig topic : master.values()) {
            if (!topic.equals(topics.get(topic.name()))) {
                topics.put(topic);
                changed = true;
            }
        }
        if (changed) {
            topics.persist();
        }
        return master.size();
    }

    /** A GET_ALL_SUBSCRIPTIONGROUP_CONFIG answer ({@code subscriptionGroupTable}); returns how many groups it names. */
    public int groups(byte[] answer) throws IOException {
        JsonNode table = table(answer, "subscriptionGroupTable");
        Set<String> names = new HashSet<>();
        boolean changed = false;
        for (Map.Entry<String, JsonNode> entry : table.properties()) {
            SubscriptionGroupJson.Parsed parsed = SubscriptionGroupJson.parse(entry.getValue().toString());
            if (parsed.problem() != null || !parsed.group().name().equals(entry.getKey())) {
                continue; // a group this broker would refuse from mqadmin too: not copied
            }
            SubscriptionGroup copy = parsed.group();
            names.add(copy.name());
            if (!copy.equals(groups.get(copy.name()))) {
                groups.put(copy);
                changed = true;
            }
        }
        for (SubscriptionGroup held : groups.all()) {
            if (!names.contains(held.name())) {
                groups.remove(held.name());
                changed = true;
            }
        }
        if (changed) {
            groups.persist();
        }
        return names.size();
    }

    /** A GET_ALL_CONSUMER_OFFSET answer ({@code "topic@group": {queueId: offset}}); returns how many it took. */
    public int consumerOffsets(byte[] answer) throws IOException {
        JsonNode table = table(answer, OffsetExportProcessor.OFFSET_TABLE);
        int taken = 0;
        for (Map.Entry<String, JsonNode> entry : table.properties()) {
            int at = entry.getKey().indexOf(OffsetExportProcessor.TOPIC_GROUP_SEPARATOR);
            if (at <= 0 || at == entry.getKey().length() - 1) {
                continue; // not a topic@group key: nothing a consumer could commit under
            }
            String topic = entry.getKey().substring(0, at);
            String group = entry.getKey().substring(at + 1);
            for (Map.Entry<String, JsonNode> queue : entry.getValue().properties()) {
                taken += take(group, topic, queue.getKey(), queue.getValue(), 0);
            }
        }
        offsets.persistIfChanged();
        return taken;
    }

    /** A GET_ALL_DELAY_OFFSET answer ({@code level: offset}); returns how many levels it took. */
    public int delayOffsets(byte[] answer) throws IOException {
        JsonNode table = table(answer, OffsetExportProcessor.OFFSET_TABLE);
        int taken = 0;
        for (Map.Entry<String, JsonNode> level : table.properties()) {
            taken += take(delayGroup, delayTopic, level.getKey(), level.getValue(), 1);
        }
        offsets.persistIfChanged();
        return taken;
    }

    /** Commits one offset whose queue is {@code queue} less {@code base}; returns 1 when it was a valid entry. */
    private int take(String group, String topic, String queue, JsonNode offset, int base) {
        int queueId;
        try {
            queueId = Integer.parseInt(queue) - base;
        } catch (NumberFormatException notAQueue) {
            return 0;
        }
        if (queueId < 0 || !offset.canConvertToLong() || offset.asLong() < 0) {
            return 0;
        }
        if (offsets.offset(group, topic, queueId) != offset.asLong()) {
            offsets.commit(group, topic, queueId, offset.asLong());
            offsets.markChanged();
        }
        return 1;
    }

    /**
     * Checks that {@code json} is a JSON object holding the object {@code field}, as RocketMQ's table files and
     * answers do; throws naming what is wrong otherwise.
     */
    public static void check(byte[] json, String field) throws IOException {
        table(json, field);
    }

    private static JsonNode table(byte[] answer, String field) throws IOException {
        JsonNode table = JSON.readTree(answer).path(field);
        if (!table.isObject()) {
            throw new IOException("no " + field + " object in the answer");
        }
        return table;
    }
}
