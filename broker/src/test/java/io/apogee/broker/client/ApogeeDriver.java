package io.apogee.broker.client;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;

import io.apogee.broker.TestBroker;
import io.apogee.client.BrokerErrorException;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.consumer.ReceivedMessage;
import io.apogee.client.producer.Producer;
import io.apogee.client.producer.SendResult;
import io.apogee.client.producer.SendStatus;
import io.apogee.testsupport.scenario.ClientDriver;
import io.apogee.testsupport.scenario.ClusterView;
import io.apogee.testsupport.scenario.DriverLitePull;
import io.apogee.testsupport.scenario.DriverProducer;
import io.apogee.testsupport.scenario.DriverPushConsumer;
import io.apogee.testsupport.scenario.DriverTransactionProducer;
import io.apogee.testsupport.scenario.Feature;
import io.apogee.testsupport.scenario.Incoming;
import io.apogee.testsupport.scenario.Outgoing;
import io.apogee.testsupport.scenario.PushSpec;
import io.apogee.testsupport.scenario.RefusedByBroker;
import io.apogee.testsupport.scenario.ScenarioTarget;
import io.apogee.testsupport.scenario.SendReceipt;
import io.apogee.testsupport.scenario.TransactionHandler;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Apogee's own client behind the scenarios' {@link ClientDriver}: a producer (sync, async, oneway, batch, delay levels)
 * and a clustering push consumer with tag filters, a start point and redelivery. What the client lacks throws
 * {@link UnsupportedOperationException}. Thread-safe: it only creates clients.
 */
final class ApogeeDriver implements ClientDriver {
    /** The one instance. */
    static final ApogeeDriver INSTANCE = new ApogeeDriver();
    /** This client against Apogee's in-process test broker. */
    static final ScenarioTarget ON_TEST_BROKER = new ScenarioTarget(INSTANCE, TestBroker::start);

    /** The official drivers' consume timestamp, 2026-11-30 00:00 local time. */
    private static final long CONSUME_TIMESTAMP = LocalDateTime.of(2026, 11, 30, 0, 0)
        .atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();

    private ApogeeDriver() {
    }

    @Override
    public String name() {
        return "Apogee client";
    }

    @Override
    public boolean failsRequestsOnClosedConnections() {
        return true;
    }

    @Override
    public boolean supports(Feature feature) {
        // a new group asking LAST or TIMESTAMP starts there even on a queue at 0 (setZeroIfNotFound=false)
        return false;
    }

    @Override
    public DriverProducer producer(String nameServer, String group) {
        return new ApogeeProducer(Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS).nameServers(nameServer)
            .group(group).build());
    }

    @Override
    public DriverPushConsumer pushConsumer(String nameServer, PushSpec spec, Consumer<Incoming> into) {
        if (spec.broadcast()) {
            throw unsupported(Feature.BROADCAST);
        }
        if (spec.sql()) {
            throw unsupported(Feature.SQL_FILTER);
        }
        PushConsumer.Builder builder = PushConsumer.builder().nameServers(nameServer).group(spec.group())
            .subscribe(spec.topic(), spec.expression())
            .consumeFrom(switch (spec.from()) {
                case FIRST_OFFSET -> ConsumeFrom.FIRST;
                case LAST_OFFSET -> ConsumeFrom.LAST;
                case TIMESTAMP -> ConsumeFrom.timestamp(CONSUME_TIMESTAMP);
            });
        if (spec.retries() >= 0) {
            // 0 lets the broker pick the level from the reconsume times, as the official consumer does
            builder.redelivery(0, spec.retries()).listener(message -> {
                into.accept(incoming(message));
                throw new IllegalStateException("asked for again later");
            });
        } else {
            builder.listener(message -> into.accept(incoming(message)));
        }
        return new ApogeePushConsumer(builder);
    }

    @Override
    public DriverPushConsumer orderlyConsumer(String nameServer, PushSpec spec, Consumer<List<Incoming>> batch) {
        throw unsupported(Feature.ORDERLY);
    }

    @Override
    public DriverTransactionProducer transactionProducer(String nameServer, String group, TransactionHandler handler) {
        throw unsupported(Feature.TRANSACTIONS);
    }

    @Override
    public DriverLitePull litePull(String nameServer, String group) {
        throw unsupported(Feature.LITE_PULL);
    }

    private static UnsupportedOperationException unsupported(Feature feature) {
        return new UnsupportedOperationException("the Apogee client has no " + switch (feature) {
            case LITE_PULL -> "lite pull consumer";
            case BROADCAST -> "broadcast consumption";
            case ORDERLY -> "orderly consumer";
            case TRANSACTIONS -> "transaction producer";
            case SQL_FILTER -> "SQL92 filter";
            case ZERO_OFFSET_FOR_NEW_GROUPS -> "zero start for a new group asking LAST or TIMESTAMP (it goes to the end)";
        });
    }

    /** {@code message} copied out of its view, which is valid only during the listener call. */
    private static Incoming incoming(ReceivedMessage message) {
        Map<String, String> properties = new HashMap<>();
        PropertiesReader reader = message.properties().rewind();
        while (reader.next()) {
            properties.put(reader.name(), reader.value());
        }
        return new Incoming(message.msgId(), message.topic(), message.tags(), message.keys(), message.bodyBytes(),
            properties, message.queue().queueId(), message.view().bodyCrc(), message.reconsumeTimes(),
            properties.get(PropertyNames.TRANSACTION_ID));
    }

    private static OutboundMessage outbound(Outgoing outgoing) {
        OutboundMessage message = new OutboundMessage().topic(outgoing.topic()).body(outgoing.body());
        if (outgoing.tags() != null) {
            message.tags(outgoing.tags());
        }
        if (outgoing.keys() != null) {
            message.keys(outgoing.keys());
        }
        outgoing.properties().forEach(message::putProperty);
        if (outgoing.delayLevel() > 0) {
            message.putProperty(PropertyNames.DELAY, Integer.toString(outgoing.delayLevel()));
        }
        return message;
    }

    private static SendReceipt receipt(SendResult result) {
        return new SendReceipt(result.status() == SendStatus.SEND_OK, result.msgId(), result.offsetMsgId(),
            result.queue().brokerName());
    }

    private record ApogeeProducer(Producer producer) implements DriverProducer {
        @Override
        public SendReceipt send(Outgoing message) {
            return receipt(producer.send(outbound(message)));
        }

        @Override
        public void failOver(int sendTimeoutMillis) {
            throw new UnsupportedOperationException("the Apogee producer takes its send timeout when built");
        }

        @Override
        public void createTopic(String topic, int queues) {
            throw new UnsupportedOperationException("the Apogee client has no topic administration");
        }

        @Override
        public Set<String> routedBrokers(String topic) {
            throw new UnsupportedOperationException("the Apogee client does not show its routes");
        }

        @Override
        public ClusterView clusterInfo() {
            throw new UnsupportedOperationException("the Apogee client has no cluster table query");
        }

        @Override
        public SendReceipt sendToQueue(Outgoing message, int key) {
            throw new UnsupportedOperationException("the Apogee producer has no queue selector");
        }

        @Override
        public SendReceipt sendBatch(List<Outgoing> messages) {
            return receipt(producer.sendBatch(messages.stream().map(ApogeeDriver::outbound).toList()));
        }

        @Override
        public void sendAsync(Outgoing message, Consumer<SendReceipt> onStored) {
            // a failed send is never acknowledged: the scenario's wait for it fails
            producer.sendAsync(outbound(message)).thenAccept(result -> onStored.accept(receipt(result)));
        }

        @Override
        public void sendOneway(Outgoing message) {
            if (!producer.sendOneway(outbound(message))) {
                throw new IllegalStateException("oneway send not written: " + message.keys());
            }
        }

        @Override
        public void close() {
            producer.close();
        }
    }

    /** Builds its consumer on {@link #start()}, since building starts an Apogee consumer. Not thread-safe. */
    private static final class ApogeePushConsumer implements DriverPushConsumer {
        private final PushConsumer.Builder builder;
        private volatile PushConsumer consumer;

        ApogeePushConsumer(PushConsumer.Builder builder) {
            this.builder = builder;
        }

        @Override
        public void start() throws RefusedByBroker {
            try {
                consumer = builder.build();
            } catch (BrokerErrorException e) {
                throw new RefusedByBroker(e.code(), e);
            }
        }

        @Override
        public Set<Integer> queueIds(String topic) {
            PushConsumer started = consumer;
            if (started == null) {
                return Set.of();
            }
            return started.assignedQueues().stream().filter(queue -> queue.topic().equals(topic))
                .map(queue -> queue.queueId()).collect(Collectors.toSet());
        }

        @Override
        public long lockedQueues(String topic) {
            throw unsupported(Feature.ORDERLY);
        }

        @Override
        public void close() {
            PushConsumer started = consumer;
            if (started != null) {
                started.close();
            }
        }
    }
}
