package io.apogee.broker.namesrv;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.DataVersionJson;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.topic.TopicConfigJson;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The name server's JSON bodies in standard form, keys sorted as fastjson writes them: TopicRouteData (105),
 * ClusterInfo (106) and TopicList (206), and the RegisterBrokerBody a broker sends to a name server (103). Stateless apart from the thread-safe mapper; safe for any thread.
 */
public final class RouteJson {
    private final ObjectMapper mapper = new ObjectMapper();

    /** TopicRouteData of {@code topic} served by {@code broker} alone. */
    public byte[] route(BrokerIdentity broker, TopicConfig topic) {
        return route(List.of(new QueueData(broker.name(), topic.readQueues(), topic.writeQueues(), topic.permission(),
            topic.sysFlag())), single(broker));
    }

    /** TopicRouteData of the {@code queues} of one topic, with the {@code brokers} serving them. */
    public byte[] route(List<QueueData> queues, SortedMap<String, BrokerData> brokers) {
        ObjectNode root = mapper.createObjectNode();
        ArrayNode brokerDatas = root.putArray("brokerDatas");
        root.putObject("filterServerTable");
        ArrayNode queueDatas = root.putArray("queueDatas");
        for (QueueData group : queues) {
            BrokerData broker = brokers.get(group.brokerName());
            if (broker != null) {
                brokerDatas.add(brokerData(broker));
            }
            ObjectNode queue = queueDatas.addObject();
            queue.put("brokerName", group.brokerName());
            queue.put("perm", group.perm());
            queue.put("readQueueNums", group.readQueues());
            queue.put("topicSysFlag", group.sysFlag());
            queue.put("writeQueueNums", group.writeQueues());
        }
        return bytes(root);
    }

    /** ClusterInfo: this broker as the only member of its cluster. */
    public byte[] clusterInfo(BrokerIdentity broker) {
        return clusterInfo(single(broker));
    }

    /** ClusterInfo of the {@code brokers}, by broker name. */
    public byte[] clusterInfo(SortedMap<String, BrokerData> brokers) {
        ObjectNode root = mapper.createObjectNode();
        ObjectNode byName = root.putObject("brokerAddrTable");
        ObjectNode clusters = root.putObject("clusterAddrTable");
        SortedMap<String, List<String>> names = new TreeMap<>();
        for (BrokerData broker : brokers.values()) {
            byName.set(broker.name(), brokerData(broker));
            names.computeIfAbsent(broker.cluster(), cluster -> new ArrayList<>()).add(broker.name());
        }
        names.forEach((cluster, members) -> members.forEach(clusters.putArray(cluster)::add));
        return bytes(root);
    }

    /** TopicList of {@code topics}. */
    public byte[] topicList(Collection<TopicConfig> topics) {
        return topicNames(topics.stream().map(TopicConfig::name).toList());
    }

    /** TopicList of the topics {@code names}. */
    public byte[] topicNames(Collection<String> names) {
        ObjectNode root = mapper.createObjectNode();
        ArrayNode list = root.putArray("topicList");
        names.stream().sorted().forEach(list::add);
        return bytes(root);
    }

    /**
     * RegisterBrokerBody: every topic's config in {@code topicConfigSerializeWrapper}, under the data version
     * ({@code counter}, {@code timestamp}) that tells the name server whether they changed.
     */
    public byte[] registerBody(Collection<TopicConfig> topics, long counter, long timestamp) {
        ObjectNode root = mapper.createObjectNode();
        root.putArray("filterServerList");
        ObjectNode wrapper = root.putObject("topicConfigSerializeWrapper");
        DataVersionJson.put(wrapper, counter, timestamp);
        ObjectNode table = wrapper.putObject("topicConfigTable");
        for (TopicConfig topic : topics) {
            TopicConfigJson.put(table, topic);
        }
        return bytes(root);
    }

    /** DataVersion JSON of {@code version}. */
    public byte[] dataVersion(DataVersion version) {
        ObjectNode root = mapper.createObjectNode();
        root.put("counter", version.counter());
        root.put("stateVersion", version.stateVersion());
        root.put("timestamp", version.timestamp());
        return bytes(root);
    }

    private static SortedMap<String, BrokerData> single(BrokerIdentity broker) {
        return new TreeMap<>(Map.of(broker.name(), new BrokerData(broker.cluster(), broker.name(),
            new TreeMap<>(Map.of(0L, broker.address())))));
    }

    private ObjectNode brokerData(BrokerData broker) {
        ObjectNode data = mapper.createObjectNode();
        ObjectNode addresses = data.putObject("brokerAddrs");
        broker.addresses().forEach((id, address) -> addresses.put(Long.toString(id), address));
        data.put("brokerName", broker.name());
        data.put("cluster", broker.cluster());
        data.put("enableActingMaster", false);
        return data;
    }

    private byte[] bytes(ObjectNode root) {
        try {
            return mapper.writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }
}
