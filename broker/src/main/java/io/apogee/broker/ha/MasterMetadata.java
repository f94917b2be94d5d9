package io.apogee.broker.ha;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.apogee.broker.admin.SubscriptionGroupJson;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.offset.OffsetExportProcessor;
import io.apogee.broker.topic.Names;
import io.apogee.broker.topic.TopicLimits;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slave's tables made equal to what its master answered, as RocketMQ's {@code SlaveSynchronize} does: topics and
 * subscription groups are replaced (those the master no longer has are dropped), consumer offsets and delay-level
 * progress are taken over (a slave's own commits to a queue the master does not name stay). Each table is written to
 * its file when it changed. An answer that is not what RocketMQ's classes write changes nothing. The slave's own limits
 * hold: a topic or group with a name or queue count it would refuse from a client, or past its {@code maxTopicCount}
 * or {@code maxSubscriptionGroupCount}, is not copied, and the count left out is logged when it changes. The same
 * JSON is what RocketMQ keeps in its {@code config/*.json} files, so migration in place reads those through this
 * class too.
 *
 * <p>Thread-safe: the tables are; one answer is applied by one call.
 */
public final class MasterMetadata {
    private static final Logger LOG = LoggerFactory.getLogger(MasterMetadata.class);
    // RocketMQ's fastjson may write a map's integer keys unquoted ({0:12}), in its files as in its answers
    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES).build();

    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final String delayGroup;
    private final String delayTopic;
    private final TopicLimits limits;
    private final int maxGroups;
    private int topicsLeftOut;
    private int groupsLeftOut;

    /**
     * Applies answers to these tables within {@code limits} and {@code maxGroups}; delay progress is kept as
     * {@code delayGroup}'s offsets in {@code delayTopic}.
     */
    public MasterMetadata(TopicTable topics, ConsumerOffsetTable offsets, SubscriptionGroupTable groups, String delayGroup,
        String delayTopic, TopicLimits limits, int maxGroups) {
        this.topics = topics;
        this.offsets = offsets;
        this.groups = groups;
        this.delayGroup = delayGroup;
        this.delayTopic = delayTopic;
        this.limits = limits;
        this.maxGroups = maxGroups;
    }

    /** A GET_ALL_TOPIC_CONFIG answer ({@code topicConfigTable}); returns how many topics the master has. */
    public int topics(byte[] answer) throws IOException {
        JsonNode table = table(answer, "topicConfigTable");
        Map<String, TopicConfig> master = new LinkedHashMap<>();
        int leftOut = 0;
        for (Map.Entry<String, JsonNode> entry : table.properties()) {
            JsonNode topic = entry.getValue();
            int readQueues = topic.path("readQueueNums").asInt();
            int writeQueues = topic.path("writeQueueNums").asInt();
            if (master.size() == limits.maxTopics() || !Names.isValidTopic(entry.getKey())
                || !limits.allowsQueues(readQueues) || !limits.allowsQueues(writeQueues)) {
                leftOut++;
                continue;
            }
            master.put(entry.getKey(), new TopicConfig(entry.getKey(), readQueues, writeQueues,
                topic.path("perm").asInt(), topic.path("topicFilterType").asText(TopicConfig.SINGLE_TAG),
                topic.path("topicSysFlag").asInt(), topic.path("order").asBoolean()));
        }
        topicsLeftOut = logLeftOut("topics", leftOut, topicsLeftOut, TopicLimits.MAX_TOPICS_KEY);
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
        int leftOut = 0;
        for (Map.Entry<String, JsonNode> entry : table.properties()) {
            SubscriptionGroupJson.Parsed parsed = SubscriptionGroupJson.parse(entry.getValue().toString());
            if (names.size() == maxGroups || parsed.problem() != null || !parsed.group().name().equals(entry.getKey())) {
                leftOut++; // a group this broker would refuse from mqadmin too: not copied
                continue;
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
        groupsLeftOut = logLeftOut("subscription groups", leftOut, groupsLeftOut, ConsumerGroups.MAX_GROUPS_KEY);
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
            if (!Names.isValidTopic(topic) || !Names.isValidGroup(group)) {
                continue; // names no client could commit under on this broker
            }
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
        if (queueId < 0 || queueId >= limits.maxQueuesPerTopic() || !offset.canConvertToLong() || offset.asLong() < 0) {
            return 0;
        }
        if (offsets.offset(group, topic, queueId) != offset.asLong()) {
            offsets.commit(group, topic, queueId, offset.asLong());
            offsets.markChanged();
        }
        return 1;
    }

    /** Logs how many entries of one table were left out when that count changed; returns the count. */
    private static int logLeftOut(String what, int leftOut, int before, String limitKey) {
        if (leftOut != before && leftOut > 0) {
            LOG.warn("{} of the master's {} not copied: a name or queue count this broker refuses, or past {}", leftOut,
                what, limitKey);
        }
        return leftOut;
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
