package io.apogee.broker;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * The same admin session against any RocketMQ-compatible cluster: topics created with mqadmin (one child JVM),
 * messages with keys sent to fixed queues by the official 5.4.0 producer, consumed by a push consumer whose offsets are
 * committed, then the compared queries and a topic's deletion with mqadmin (one more child JVM). The outputs come back by a label per command, raw. Not thread-safe; one
 * instance per cluster.
 */
final class MqAdminScenario {
    static final String CLUSTER = "DefaultCluster";
    static final String TOPIC = "CompareTopic";
    static final String DOOMED = "CompareDoomed";
    static final String GROUP = "CompareGroup";
    /** The group made, shown and deleted with mqadmin alone. */
    static final String SUB_GROUP = "CompareSubGroup";
    static final int QUEUES = 4;
    /** Keys of the messages sent, in order; message i goes to queue i % {@link #QUEUES}. */
    static final List<String> KEYS = List.of("order-1 shared", "order-2 shared", "order-3", "order-4", "order-5 shared",
        "order-6");
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private final String nameServer;
    private final String broker;
    private final MqAdmin mqadmin;
    private final List<SendResult> sent = new ArrayList<>();
    /** The push consumer's client id, once it started. */
    private String consumerClientId;

    /** A session against {@code nameServer}, whose one broker is {@code broker}; mqadmin files go under {@code dir}. */
    MqAdminScenario(String nameServer, String broker, Path dir) {
        this.nameServer = nameServer;
        this.broker = broker;
        this.mqadmin = new MqAdmin(nameServer, dir);
    }

    /**
     * What differs between two clusters running this session, by its placeholder: the broker's and the name server's
     * addresses, and each message's unique key and offset id ({@code <msg-i>}, {@code <offset-i>}, i from 0 in sending
     * order), so that outputs still say which message they show.
     */
    Map<String, String> placeholders() {
        Map<String, String> names = new LinkedHashMap<>();
        names.put(broker, "<broker>");
        names.putIfAbsent(nameServer, "<namesrv>");
        if (consumerClientId != null) {
            names.put(consumerClientId, "<consumer>");
        }
        for (int i = 0; i < sent.size(); i++) {
            names.put(sent.get(i).getMsgId(), "<msg-" + i + ">");
            names.put(sent.get(i).getOffsetMsgId(), "<offset-" + i + ">");
        }
        return names;
    }

    /** Runs the session; returns each command's output by its label, in the order run. */
    Map<String, String> run() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        Map<String, List<String>> create = new LinkedHashMap<>();
        create.put("updateTopic -c", List.of("updateTopic", "-c", CLUSTER, "-t", TOPIC, "-r", Integer.toString(QUEUES),
            "-w", Integer.toString(QUEUES)));
        create.put("updateTopic -b", List.of("updateTopic", "-b", broker, "-t", DOOMED, "-r", "2", "-w", "2"));
        out.putAll(run(create));

        DefaultMQAdminExt admin = new DefaultMQAdminExt(10_000);
        admin.setNamesrvAddr(nameServer);
        admin.setInstanceName("compare-admin-" + System.nanoTime());
        admin.start();
        try {
            try {
                Await.until("the topics routed", DEADLINE, () -> routed(admin, TOPIC) && routed(admin, DOOMED));
            } catch (AssertionError notRouted) {
                throw new AssertionError(notRouted.getMessage() + "; mqadmin printed: " + out, notRouted);
            }
            send();
            Received<MessageExt> received = OfficialClients.received();
            DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(nameServer, GROUP, TOPIC, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
            consumer.setPersistConsumerOffsetInterval(100);
            consumer.start();
            consumerClientId = consumer.buildMQClientId();
            try {
                Await.until("every message consumed", DEADLINE, () -> received.total() == KEYS.size());
                Await.until("the group's offsets committed", DEADLINE, () -> committed(admin) == KEYS.size());
                out.putAll(run(queries()));
                // resetOffsetByTime moved the group to the start: the consumer reads every message again
                Await.until("every message consumed again after the reset", DEADLINE, () -> received.minCount() >= 2);
            } finally {
                consumer.shutdown();
            }
        } finally {
            admin.shutdown();
        }
        return out;
    }

    private Map<String, List<String>> queries() {
        Map<String, List<String>> queries = new LinkedHashMap<>();
        queries.put("topicList", List.of("topicList"));
        queries.put("topicRoute", List.of("topicRoute", "-t", TOPIC));
        queries.put("topicStatus", List.of("topicStatus", "-t", TOPIC));
        queries.put("consumerProgress -g", List.of("consumerProgress", "-g", GROUP));
        queries.put("consumerProgress", List.of("consumerProgress"));
        queries.put("clusterList", List.of("clusterList"));
        queries.put("brokerStatus", List.of("brokerStatus", "-b", broker));
        queries.put("queryMsgByKey", List.of("queryMsgByKey", "-t", TOPIC, "-k", "shared"));
        queries.put("queryMsgByKey none", List.of("queryMsgByKey", "-t", TOPIC, "-k", "no-such-key"));
        queries.put("queryMsgById", List.of("queryMsgById", "-t", TOPIC, "-i", sent.getFirst().getOffsetMsgId(),
            "-f", "UTF-8"));
        queries.put("queryMsgByUniqueKey", List.of("queryMsgByUniqueKey", "-t", TOPIC, "-i", sent.get(2).getMsgId()));
        queries.putAll(configAndGroups());
        queries.put("deleteTopic", List.of("deleteTopic", "-c", CLUSTER, "-t", DOOMED));
        queries.put("topicList after delete", List.of("topicList"));
        queries.put("topicRoute deleted", List.of("topicRoute", "-t", DOOMED));
        return queries;
    }

    /**
     * The broker config read, changed and read again; a subscription group made, shown and deleted; producer
     * connections, every group's progress, the statistics, a clean-up of expired queues, the consumer's own status, a
     * message consumed directly by the consumer, and the group reset to the start.
     */
    private Map<String, List<String>> configAndGroups() {
        Map<String, List<String>> queries = new LinkedHashMap<>();
        queries.put("getBrokerConfig", List.of("getBrokerConfig", "-b", broker));
        queries.put("updateBrokerConfig", List.of("updateBrokerConfig", "-b", broker, "-k", "transactionCheckMax", "-v",
            "10"));
        queries.put("getBrokerConfig after update", List.of("getBrokerConfig", "-b", broker));
        queries.put("updateSubGroup", List.of("updateSubGroup", "-b", broker, "-g", SUB_GROUP, "-r", "5", "-q", "2",
            "-o", "true", "-s", "false"));
        queries.put("getConsumerConfig", List.of("getConsumerConfig", "-g", SUB_GROUP));
        queries.put("getConsumerConfig auto", List.of("getConsumerConfig", "-g", GROUP));
        queries.put("deleteSubGroup", List.of("deleteSubGroup", "-b", broker, "-g", SUB_GROUP));
        queries.put("getConsumerConfig deleted", List.of("getConsumerConfig", "-g", SUB_GROUP));
        // the push consumer's inner producer is the session's live producer group
        queries.put("producerConnection", List.of("producerConnection", "-g", "CLIENT_INNER_PRODUCER", "-t", TOPIC));
        queries.put("producerConnection none", List.of("producerConnection", "-g", "NoSuchProducer", "-t", TOPIC));
        queries.put("brokerConsumeStats", List.of("brokerConsumeStats", "-b", broker));
        queries.put("statsAll", List.of("statsAll", "-t", TOPIC));
        queries.put("cleanExpiredCQ", List.of("cleanExpiredCQ", "-b", broker));
        queries.put("consumerStatus", List.of("consumerStatus", "-g", GROUP, "-i", consumerClientId));
        queries.put("queryMsgById direct", List.of("queryMsgById", "-t", TOPIC, "-i", sent.getFirst().getOffsetMsgId(),
            "-g", GROUP, "-d", consumerClientId));
        queries.put("resetOffsetByTime", List.of("resetOffsetByTime", "-g", GROUP, "-t", TOPIC, "-s", "0"));
        return queries;
    }

    private Map<String, String> run(Map<String, List<String>> commands) throws Exception {
        List<String> outputs = mqadmin.run(new ArrayList<>(commands.values()));
        Map<String, String> byLabel = new LinkedHashMap<>();
        int i = 0;
        for (String label : commands.keySet()) {
            byLabel.put(label, outputs.get(i++));
        }
        return byLabel;
    }

    private void send() throws Exception {
        DefaultMQProducer producer = OfficialClients.producer(nameServer, "compare-producer");
        try {
            String brokerName = producer.fetchPublishMessageQueues(TOPIC).getFirst().getBrokerName();
            for (int i = 0; i < KEYS.size(); i++) {
                Message message = new Message(TOPIC, "Tag" + (i % 2), KEYS.get(i),
                    ("body-" + (i + 1)).getBytes(StandardCharsets.UTF_8));
                sent.add(producer.send(message, new MessageQueue(TOPIC, brokerName, i % QUEUES)));
            }
        } finally {
            producer.shutdown();
        }
    }

    private static boolean routed(DefaultMQAdminExt admin, String topic) {
        try {
            return !admin.examineTopicRouteInfo(topic).getQueueDatas().isEmpty();
        } catch (Exception notYet) {
            return false;
        }
    }

    private static long committed(DefaultMQAdminExt admin) {
        try {
            return admin.examineConsumeStats(GROUP).getOffsetTable().values().stream()
                .mapToLong(wrapper -> Math.max(0, wrapper.getConsumerOffset())).sum();
        } catch (Exception notYet) {
            return -1;
        }
    }
}
