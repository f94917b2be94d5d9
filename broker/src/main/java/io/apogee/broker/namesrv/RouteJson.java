package io.apogee.broker.namesrv;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.store.metadata.TopicConfig;
import java.util.Collection;
import java.util.List;

/**
 * The name server's JSON bodies in standard form, keys sorted as fastjson writes them: TopicRouteData (105),
 * ClusterInfo (106) and TopicList (206), and the RegisterBrokerBody a broker sends to a name server (103). Stateless apart from the thread-safe mapper; safe for any thread.
 */
public final class RouteJson {
    private final ObjectMapper mapper = new ObjectMapper();

    /** TopicRouteData of {@code topic} served by {@code broker} alone. */
    public byte[] route(BrokerIdentity broker, TopicConfig topic) {
        ObjectNode root = mapper.createObjectNode();
        root.putArray("brokerDatas").add(brokerData(broker));
        root.putObject("filterServerTable");
        ObjectNode queue = root.putArray("queueDatas").addObject();
        queue.put("brokerName", broker.name());
        queue.put("perm", topic.permission());
        queue.put("readQueueNums", topic.readQueues());
        queue.put("topicSysFlag", topic.sysFlag());
        queue.put("writeQueueNums", topic.writeQueues());
        return bytes(root);
    }

    /** ClusterInfo: this broker as the only member of its cluster. */
    public byte[] clusterInfo(BrokerIdentity broker) {
        ObjectNode root = mapper.createObjectNode();
        root.putObject("brokerAddrTable").set(broker.name(), brokerData(broker));
        root.putObject("clusterAddrTable").putArray(broker.cluster()).add(broker.name());
        return bytes(root);
    }

    /** TopicList of {@code topics}. */
    public byte[] topicList(Collection<TopicConfig> topics) {
        ObjectNode root = mapper.createObjectNode();
        ArrayNode list = root.putArray("topicList");
        List<String> names = topics.stream().map(TopicConfig::name).sorted().toList();
        names.forEach(list::add);
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
        ObjectNode version = wrapper.putObject("dataVersion");
        version.put("counter", counter);
        version.put("stateVersion", 0);
        version.put("timestamp", timestamp);
        ObjectNode table = wrapper.putObject("topicConfigTable");
        for (TopicConfig topic : topics) {
            ObjectNode config = table.putObject(topic.name());
            config.putObject("attributes");
            config.put("order", topic.order());
            config.put("perm", topic.permission());
            config.put("readQueueNums", topic.readQueues());
            config.put("topicFilterType", topic.filterType());
            config.put("topicName", topic.name());
            config.put("topicSysFlag", topic.sysFlag());
            config.put("writeQueueNums", topic.writeQueues());
        }
        return bytes(root);
    }

    private ObjectNode brokerData(BrokerIdentity broker) {
        ObjectNode data = mapper.createObjectNode();
        data.putObject("brokerAddrs").put("0", broker.address());
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
