package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.MessageQueueSelector;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * A well-behaved official 5.4.0 client that keeps sending and consuming while abusers work on the same broker: ten
 * sends a second, a random mix of sync, async, batch, orderly, delay-level, timer, retried and transactional
 * messages, a push consumer whose pulls deliver them and an orderly consumer for the orderly ones. It records when
 * each send was acknowledged and when each message was due, so that the test can check every acknowledged message
 * arrived, none before its time, none long after, and the orderly ones in the order sent. The broker it expects has
 * every delay level at 1 s and checks transactions every second ({@link #BROKER_SETTINGS}). Thread-safe: one scheduler
 * thread sends, client threads record, the test thread checks.
 */
final class SteadyClient implements AutoCloseable {
    /** Broker settings that make each detour take about a second. */
    static final Map<String, String> BROKER_SETTINGS = Map.of(
        "messageDelayLevel", "1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s",
        "transactionCheckInterval", "1000",
        "transactionTimeOut", "1000");
    /** How long a send may wait for its answer, and a message past its due time, on a busy 2-core machine. */
    static final Duration BOUND = Duration.ofSeconds(15);
    private static final String TOPIC = "SteadyTopic";
    private static final String ORDER_TOPIC = "SteadyOrderTopic";
    private static final int ORDER_KEYS = 4;
    private static final int BATCH_SIZE = 3;
    private static final long DETOUR_MILLIS = 1_000;
    private static final long TICK_MILLIS = 100;
    private static final int ROUTE_POLL_MILLIS = 1_000;

    static {
        // rebalance every second instead of every 20 s, so that the retry topic and the orderly queues, whose routes
        // come after the consumers start, are pulled from soon; the client reads it once per JVM
        System.setProperty("rocketmq.client.rebalance.waitInterval", "1000");
    }

    private final String address;
    private final SplittableRandom random;
    private final Map<String, Long> due = new ConcurrentHashMap<>();
    private final Map<String, Long> arrived = new ConcurrentHashMap<>();
    private final Map<String, List<Long>> orderOfArrival = new ConcurrentHashMap<>();
    private final Queue<String> failures = new ConcurrentLinkedQueue<>();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong attempts = new AtomicLong();
    private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor(
        runnable -> new Thread(runnable, "steady-sender"));
    private final List<Runnable> shutdowns = new ArrayList<>();
    private DefaultMQProducer producer;
    private TransactionMQProducer transactions;

    /** A client of the broker at {@code address}; {@code random} picks each message's kind. */
    SteadyClient(String address, SplittableRandom random) {
        this.address = address;
        this.random = random;
    }

    /** Starts the clients and the sends; returns once the first messages made the round trip. */
    SteadyClient start() throws Exception {
        producer = OfficialClients.producer(address, "PG-steady");
        producer.setSendMsgTimeout((int) BOUND.toMillis());
        // route lookups and heartbeats get the same bound as sends, not the client's 3 s, on a busy 2-core machine
        producer.setMqClientApiTimeout((int) BOUND.toMillis());
        producer.setRetryTimesWhenSendFailed(0);
        shutdowns.add(producer::shutdown);
        transactions = OfficialClients.transactionProducer(address, "PG-steady-tx", new CommitOnCheck());
        transactions.setSendMsgTimeout((int) BOUND.toMillis());
        transactions.setMqClientApiTimeout((int) BOUND.toMillis());
        shutdowns.add(transactions::shutdown);
        send(Kind.PLAIN); // create the topics before the consumers ask for their routes
        send(Kind.ORDERLY);
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(address, "CG-steady", TOPIC, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, message -> { });
        consumer.registerMessageListener((MessageListenerConcurrently) this::consume);
        consumer.setPollNameServerInterval(ROUTE_POLL_MILLIS); // the retry topic's route exists after the first heartbeat
        consumer.setMqClientApiTimeout((int) BOUND.toMillis());
        consumer.start();
        shutdowns.add(consumer::shutdown);
        DefaultMQPushConsumer orderly = OfficialClients.pushConsumer(address, "CG-steady-orderly", ORDER_TOPIC, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, message -> { });
        orderly.registerMessageListener((MessageListenerOrderly) this::consumeInOrder);
        orderly.setPollNameServerInterval(ROUTE_POLL_MILLIS);
        orderly.setMqClientApiTimeout((int) BOUND.toMillis());
        orderly.start();
        shutdowns.add(orderly::shutdown);
        sender.scheduleWithFixedDelay(this::tick, 0, TICK_MILLIS, TimeUnit.MILLISECONDS);
        awaitRoundTrips(20);
        return this;
    }

    /** Waits until {@code count} more messages were acknowledged and consumed than when it was called. */
    void awaitRoundTrips(int count) throws InterruptedException {
        long target = arrived.size() + count;
        Await.until(count + " more round trips of the well-behaved client", BOUND.multipliedBy(2),
            () -> arrived.size() >= target);
    }

    /**
     * Stops sending, then checks that every send was answered in time and every acknowledged message arrived once
     * due and within {@link #BOUND} of it.
     */
    void stopAndVerify() throws InterruptedException {
        stopAndVerifyDelivered(BOUND.multipliedBy(2));
        assertThat(failures).as("sends of the well-behaved client that failed or were not answered within " + BOUND)
            .isEmpty();
        for (Map.Entry<String, Long> message : due.entrySet()) {
            long lateness = arrived.get(message.getKey()) - message.getValue();
            assertThat(lateness).as(message.getKey() + " ms late").isLessThanOrEqualTo(BOUND.toMillis());
        }
    }

    /**
     * Stops sending, then checks that every acknowledged message arrived within {@code deadline}, none before its
     * time, and each orderly key's messages first arrived in the order they were sent. Failed sends are allowed:
     * a broker killed mid-send acknowledges nothing. Returns what was sent and what failed.
     */
    String stopAndVerifyDelivered(Duration deadline) throws InterruptedException {
        sender.shutdown();
        assertThat(sender.awaitTermination(BOUND.toMillis() * 2, TimeUnit.MILLISECONDS)).as("the last send ended").isTrue();
        try {
            Await.until("every acknowledged message of the well-behaved client delivered", deadline,
                () -> arrived.keySet().containsAll(due.keySet()));
        } catch (AssertionError e) {
            List<String> missing = due.keySet().stream().filter(body -> !arrived.containsKey(body)).sorted().toList();
            throw new AssertionError(missing.size() + " of " + due.size() + " acknowledged messages never arrived: "
                + missing.subList(0, Math.min(50, missing.size())), e);
        }
        for (Map.Entry<String, Long> message : due.entrySet()) {
            assertThat(arrived.get(message.getKey())).as(message.getKey() + " arrived no sooner than due")
                .isGreaterThanOrEqualTo(message.getValue());
        }
        orderOfArrival.forEach((key, sequence) -> {
            List<Long> acknowledged = sequence.stream().filter(seq -> due.containsKey(orderlyBody(key, seq))).toList();
            assertThat(acknowledged).as("first arrivals of orderly key " + key).isSorted();
        });
        return due.size() + " messages acknowledged and delivered; " + failures.size() + " of " + attempts.get()
            + " sends failed or were answered late";
    }

    /** Acknowledged messages so far. */
    long acknowledged() {
        return acknowledged.get();
    }

    @Override
    public void close() {
        sender.shutdownNow();
        shutdowns.reversed().forEach(Runnable::run);
    }

    private void tick() {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        try {
            send(kind);
        } catch (Exception e) {
            failures.add(kind + " send " + attempts.get() + ": " + e);
        }
    }

    private void send(Kind kind) throws Exception {
        long attempt = attempts.incrementAndGet();
        long start = System.currentTimeMillis();
        switch (kind) {
            case ORDERLY -> {
                int key = (int) (attempt % ORDER_KEYS);
                String body = orderlyBody(Integer.toString(key), attempt);
                MessageQueueSelector byKey = (queues, message, arg) -> queues.get(key % queues.size());
                producer.send(message(ORDER_TOPIC, kind, body), byKey, key);
                acknowledged(body, start);
            }
            case ASYNC -> {
                String body = kind + "-" + attempt;
                producer.send(message(TOPIC, kind, body), new SendCallback() {
                    @Override
                    public void onSuccess(SendResult result) {
                        acknowledged(body, start);
                    }

                    @Override
                    public void onException(Throwable e) {
                        failures.add(body + ": " + e);
                    }
                }, BOUND.toMillis());
            }
            case BATCH -> {
                List<Message> batch = new ArrayList<>();
                for (int i = 0; i < BATCH_SIZE; i++) {
                    batch.add(message(TOPIC, kind, kind + "-" + attempt + "-" + i));
                }
                producer.send(batch);
                for (Message message : batch) {
                    acknowledged(new String(message.getBody(), StandardCharsets.UTF_8), start);
                }
            }
            case TRANSACTION -> {
                String body = kind + "-" + attempt;
                transactions.sendMessageInTransaction(message(TOPIC, kind, body), null);
                acknowledged(body, start);
            }
            default -> {
                String body = kind + "-" + attempt;
                Message message = message(TOPIC, kind, body);
                if (kind == Kind.DELAYED) {
                    message.setDelayTimeLevel(1);
                } else if (kind == Kind.TIMER) {
                    message.setDelayTimeMs(DETOUR_MILLIS);
                }
                producer.send(message);
                acknowledged(body, start);
            }
        }
    }

    /** Records an acknowledged send begun at {@code start}: when it is due and that it took no longer than the bound. */
    private void acknowledged(String body, long start) {
        long acked = System.currentTimeMillis();
        if (acked - start > BOUND.toMillis()) {
            failures.add(body + " answered after " + (acked - start) + " ms");
        }
        // a retried message's send-back waits on a delay level too, after its first delivery
        boolean detour = body.startsWith(Kind.DELAYED.name()) || body.startsWith(Kind.TIMER.name())
            || body.startsWith(Kind.RETRIED.name());
        // the broker stores a message after its send began, and a detour's time starts when it is stored; a consumer
        // may see a message before its producer sees the answer
        due.put(body, detour ? start + DETOUR_MILLIS : start);
        acknowledged.incrementAndGet();
    }

    private static Message message(String topic, Kind kind, String body) {
        return new Message(topic, kind.name(), body.getBytes(StandardCharsets.UTF_8));
    }

    private static String orderlyBody(String key, long seq) {
        return Kind.ORDERLY + "-" + key + "-" + seq;
    }

    private ConsumeConcurrentlyStatus consume(List<MessageExt> messages, Object context) {
        long now = System.currentTimeMillis();
        for (MessageExt message : messages) {
            if (Kind.RETRIED.name().equals(message.getTags()) && message.getReconsumeTimes() == 0) {
                return ConsumeConcurrentlyStatus.RECONSUME_LATER; // once, through the retry topic
            }
            arrived.putIfAbsent(new String(message.getBody(), StandardCharsets.UTF_8), now);
        }
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
    }

    private ConsumeOrderlyStatus consumeInOrder(List<MessageExt> messages, Object context) {
        long now = System.currentTimeMillis();
        for (MessageExt message : messages) {
            String body = new String(message.getBody(), StandardCharsets.UTF_8);
            if (arrived.putIfAbsent(body, now) == null) {
                String[] keyAndSeq = body.substring(Kind.ORDERLY.name().length() + 1).split("-");
                orderOfArrival.computeIfAbsent(keyAndSeq[0], key -> new CopyOnWriteArrayList<>())
                    .add(Long.parseLong(keyAndSeq[1]));
            }
        }
        return ConsumeOrderlyStatus.SUCCESS;
    }

    /** What the sender sends; the tag carries it to the consumer. */
    private enum Kind {
        PLAIN, ASYNC, BATCH, ORDERLY, DELAYED, TIMER, RETRIED, TRANSACTION
    }

    /** Leaves every transaction unknown at first, so that the broker's checker must ask, and then commits it. */
    private static final class CommitOnCheck implements TransactionListener {
        @Override
        public LocalTransactionState executeLocalTransaction(Message message, Object argument) {
            return LocalTransactionState.UNKNOW;
        }

        @Override
        public LocalTransactionState checkLocalTransaction(MessageExt message) {
            return LocalTransactionState.COMMIT_MESSAGE;
        }
    }
}
