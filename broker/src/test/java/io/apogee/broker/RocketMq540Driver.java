package io.apogee.broker;

import io.apogee.testsupport.scenario.ClientDriver;
import io.apogee.testsupport.scenario.ClusterView;
import io.apogee.testsupport.scenario.DriverLitePull;
import io.apogee.testsupport.scenario.DriverProducer;
import io.apogee.testsupport.scenario.DriverPushConsumer;
import io.apogee.testsupport.scenario.DriverTransactionProducer;
import io.apogee.testsupport.scenario.Incoming;
import io.apogee.testsupport.scenario.Outgoing;
import io.apogee.testsupport.scenario.PushSpec;
import io.apogee.testsupport.scenario.QueueRef;
import io.apogee.testsupport.scenario.RefusedByBroker;
import io.apogee.testsupport.scenario.ScenarioTarget;
import io.apogee.testsupport.scenario.SendReceipt;
import io.apogee.testsupport.scenario.TransactionHandler;
import io.apogee.testsupport.scenario.TransactionReceipt;
import io.apogee.testsupport.scenario.TransactionState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;

/** The official RocketMQ 5.4.0 clients behind the scenarios' {@link ClientDriver}. Thread-safe: it only creates clients. */
final class RocketMq540Driver implements ClientDriver {
    /** The one instance. */
    static final RocketMq540Driver INSTANCE = new RocketMq540Driver();
    /** This client against Apogee's in-process test broker. */
    static final ScenarioTarget ON_TEST_BROKER = new ScenarioTarget(INSTANCE, TestBroker::start);

    private RocketMq540Driver() {
    }

    @Override
    public String name() {
        return "RocketMQ 5.4.0";
    }

    @Override
    public boolean failsRequestsOnClosedConnections() {
        return true;
    }

    @Override
    public void keepLocalFilesIn(Path dir) {
        System.setProperty("rocketmq.client.localOffsetStoreDir", dir.toString());
    }

    @Override
    public DriverProducer producer(String nameServer, String group) throws Exception {
        return new Producer(OfficialClients.producer(nameServer, group));
    }

    @Override
    public DriverPushConsumer pushConsumer(String nameServer, PushSpec spec, Consumer<Incoming> into) throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(nameServer, spec.group(), spec.topic(), spec.expression(),
            switch (spec.from()) {
                case FIRST_OFFSET -> ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET;
                case LAST_OFFSET -> ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET;
                case TIMESTAMP -> ConsumeFromWhere.CONSUME_FROM_TIMESTAMP;
            }, (Consumer<MessageExt>) message -> into.accept(incoming(message)));
        consumer.setConsumeTimestamp("20261130000000");
        if (spec.sql()) {
            consumer.subscribe(spec.topic(), MessageSelector.bySql(spec.expression())); // replaces the tag subscription
        }
        if (spec.keepRoute()) {
            consumer.setPollNameServerInterval((int) Duration.ofMinutes(10).toMillis());
        }
        if (spec.broadcast()) {
            consumer.setMessageModel(MessageModel.BROADCASTING);
        }
        if (spec.retries() >= 0) {
            consumer.setMaxReconsumeTimes(spec.retries());
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                messages.forEach(message -> into.accept(incoming(message)));
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            });
        }
        return new PushConsumer(consumer);
    }

    @Override
    public DriverPushConsumer orderlyConsumer(String nameServer, PushSpec spec, Consumer<List<Incoming>> batch)
        throws Exception {
        // the concurrent listener pushConsumer registers is replaced by the orderly one
        DefaultMQPushConsumer consumer = ((PushConsumer) pushConsumer(nameServer, spec, message -> {
        })).consumer();
        consumer.registerMessageListener((MessageListenerOrderly) (messages, context) -> {
            batch.accept(messages.stream().map(RocketMq540Driver::incoming).toList());
            return ConsumeOrderlyStatus.SUCCESS;
        });
        return new PushConsumer(consumer);
    }

    @Override
    public DriverTransactionProducer transactionProducer(String nameServer, String group, TransactionHandler handler)
        throws Exception {
        return new TransactionProducer(OfficialClients.transactionProducer(nameServer, group, new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                return local(handler.execute(new Outgoing(message.getTopic(), message.getTags(), message.getKeys(),
                    message.getBody(), Map.of())));
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                return local(handler.check(incoming(message)));
            }
        }));
    }

    @Override
    public DriverLitePull litePull(String nameServer, String group) {
        return new LitePull(OfficialClients.litePullConsumer(nameServer, group));
    }

    /** {@code message} as the scenarios see it. */
    static Incoming incoming(MessageExt message) {
        return new Incoming(message.getMsgId(), message.getTopic(), message.getTags(), message.getKeys(), message.getBody(),
            message.getProperties(), message.getQueueId(), message.getBodyCRC(), message.getReconsumeTimes(),
            message.getTransactionId());
    }

    static Message message(Outgoing outgoing) {
        Message message = new Message(outgoing.topic(), outgoing.tags(), outgoing.keys(), outgoing.body());
        outgoing.properties().forEach(message::putUserProperty);
        if (outgoing.delayLevel() > 0) {
            message.setDelayTimeLevel(outgoing.delayLevel());
        }
        return message;
    }

    private static SendReceipt receipt(SendResult result) {
        return new SendReceipt(result.getSendStatus() == SendStatus.SEND_OK, result.getMsgId(), result.getOffsetMsgId(),
            result.getMessageQueue().getBrokerName());
    }

    private static LocalTransactionState local(TransactionState state) {
        return switch (state) {
            case COMMIT -> LocalTransactionState.COMMIT_MESSAGE;
            case ROLLBACK -> LocalTransactionState.ROLLBACK_MESSAGE;
            case UNKNOWN -> LocalTransactionState.UNKNOW;
        };
    }

    private record TransactionProducer(TransactionMQProducer producer) implements DriverTransactionProducer {
        @Override
        public TransactionReceipt send(Outgoing message) throws Exception {
            TransactionSendResult result = producer.sendMessageInTransaction(message(message), null);
            TransactionState local = switch (result.getLocalTransactionState()) {
                case COMMIT_MESSAGE -> TransactionState.COMMIT;
                case ROLLBACK_MESSAGE -> TransactionState.ROLLBACK;
                default -> TransactionState.UNKNOWN;
            };
            return new TransactionReceipt(receipt(result), local);
        }

        @Override
        public void close() {
            producer.shutdown();
        }
    }

    private record Producer(DefaultMQProducer producer) implements DriverProducer {
        @Override
        public SendReceipt send(Outgoing message) throws Exception {
            return receipt(producer.send(message(message)));
        }

        @Override
        public void failOver(int sendTimeoutMillis) {
            producer.setSendLatencyFaultEnable(true);
            producer.setSendMsgTimeout(sendTimeoutMillis);
        }

        // the client's own topic creation is deprecated in favour of the admin tool, which the scenarios do not drive
        @SuppressWarnings("deprecation")
        @Override
        public void createTopic(String topic, int queues) throws Exception {
            producer.createTopic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, topic, queues, Map.of());
        }

        @Override
        public Set<String> routedBrokers(String topic) {
            try {
                return producer.fetchPublishMessageQueues(topic).stream().map(MessageQueue::getBrokerName)
                    .collect(Collectors.toSet());
            } catch (Exception notYet) {
                return Set.of();
            }
        }

        // the cluster table is only reachable through the client's deprecated implementation accessor
        @SuppressWarnings("deprecation")
        @Override
        public ClusterView clusterInfo() throws Exception {
            ClusterInfo info = producer.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl()
                .getBrokerClusterInfo(10_000);
            Map<String, Map<Long, String>> addresses = new HashMap<>();
            info.getBrokerAddrTable().forEach((broker, data) -> addresses.put(broker, Map.copyOf(data.getBrokerAddrs())));
            Map<String, Set<String>> clusters = new HashMap<>();
            info.getClusterAddrTable().forEach((cluster, brokers) -> clusters.put(cluster, Set.copyOf(brokers)));
            return new ClusterView(clusters, addresses);
        }

        @Override
        public SendReceipt sendToQueue(Outgoing message, int key) throws Exception {
            return receipt(producer.send(message(message),
                (queues, sent, arg) -> queues.get((Integer) arg % queues.size()), key));
        }

        @Override
        public SendReceipt sendBatch(List<Outgoing> messages) throws Exception {
            return receipt(producer.send(messages.stream().map(RocketMq540Driver::message).toList()));
        }

        @Override
        public void sendAsync(Outgoing message, Consumer<SendReceipt> onStored) throws Exception {
            producer.send(message(message), new SendCallback() {
                @Override
                public void onSuccess(SendResult result) {
                    onStored.accept(receipt(result));
                }

                @Override
                public void onException(Throwable failure) {
                    // never acknowledged: the scenario's wait for it fails
                }
            });
        }

        @Override
        public void sendOneway(Outgoing message) throws Exception {
            producer.sendOneway(message(message));
        }

        @Override
        public void close() {
            producer.shutdown();
        }
    }

    private record PushConsumer(DefaultMQPushConsumer consumer) implements DriverPushConsumer {
        @Override
        public void start() throws Exception {
            try {
                consumer.start();
            } catch (MQClientException e) {
                throw new RefusedByBroker(e.getResponseCode(), e);
            }
        }

        // the official consumer shows which queues it holds only through its deprecated implementation accessor
        @SuppressWarnings("deprecation")
        @Override
        public Set<Integer> queueIds(String topic) {
            return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().keySet().stream()
                .filter(queue -> queue.getTopic().equals(topic)).map(MessageQueue::getQueueId).collect(Collectors.toSet());
        }

        @SuppressWarnings("deprecation")
        @Override
        public long lockedQueues(String topic) {
            return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().entrySet().stream()
                .filter(entry -> entry.getKey().getTopic().equals(topic) && entry.getValue().isLocked()).count();
        }

        @Override
        public void close() {
            consumer.shutdown();
        }
    }

    private record LitePull(DefaultLitePullConsumer consumer) implements DriverLitePull {
        @Override
        public void subscribe(String topic, String expression) throws Exception {
            consumer.subscribe(topic, expression);
        }

        @Override
        public void subscribeSql(String topic, String sql) throws Exception {
            consumer.subscribe(topic, MessageSelector.bySql(sql));
        }

        @Override
        public void fromFirstOffset() {
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        }

        @Override
        public void start() throws Exception {
            consumer.start();
        }

        @Override
        public List<Incoming> poll() {
            return consumer.poll().stream().map(RocketMq540Driver::incoming).toList();
        }

        @Override
        public List<QueueRef> queues(String topic) throws Exception {
            return consumer.fetchMessageQueues(topic).stream()
                .map(queue -> new QueueRef(queue.getTopic(), queue.getBrokerName(), queue.getQueueId())).toList();
        }

        @Override
        public void assign(List<QueueRef> queues) {
            consumer.assign(queues.stream().map(LitePull::queue).toList());
        }

        @Override
        public long offsetForTimestamp(QueueRef queue, long millis) throws Exception {
            return consumer.offsetForTimestamp(queue(queue), millis);
        }

        @Override
        public void seek(QueueRef queue, long offset) throws Exception {
            consumer.seek(queue(queue), offset);
        }

        @Override
        public void seekToBegin(QueueRef queue) throws Exception {
            consumer.seekToBegin(queue(queue));
        }

        @Override
        public void seekToEnd(QueueRef queue) throws Exception {
            consumer.seekToEnd(queue(queue));
        }

        @Override
        public void close() {
            consumer.shutdown();
        }

        private static MessageQueue queue(QueueRef ref) {
            return new MessageQueue(ref.topic(), ref.brokerName(), ref.queueId());
        }
    }
}
