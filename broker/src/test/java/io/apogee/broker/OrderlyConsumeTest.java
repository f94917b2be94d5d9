package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.impl.consumer.ProcessQueue;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Orderly consumption with the official 5.4.0 push consumer: two members of a group share a topic's queues through
 * the broker's rebalance locks, messages of one order go to one queue (a MessageQueueSelector by order id), and every
 * order is consumed step by step, also when one member leaves while the steps keep coming.
 */
@Tag("slow")
class OrderlyConsumeTest {
    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final int ORDERS = 8;
    private static final int STEPS = 50;
    // members acknowledge a step only once the sender is this many steps further: a backlog builds up under them
    private static final int LEAD = 2;
    private static final String GROUP = "CG-orderly";
    private static final String TOPIC = "OrderedTopic";

    static {
        // rebalance every second instead of every 20 s, so a member that could not lock a queue yet retries soon
        System.setProperty("rocketmq.client.rebalance.waitInterval", "1000");
    }

    @TempDir
    Path dir;

    @Test
    void perOrderStepsStayInOrderWhenAMemberLeavesUnderLoad() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-orderly");
            Map<String, List<Integer>> firstSeen = new ConcurrentHashMap<>();
            Map<String, Map<Integer, List<Integer>>> byMember = new ConcurrentHashMap<>();
            AtomicReference<OrderedSends> sends = new AtomicReference<>();
            DefaultMQPushConsumer first = null;
            DefaultMQPushConsumer second = null;
            try {
                send(producer, -1, 0); // creates the topic so that both members see its queues at once
                first = orderly(broker.address(), "first", firstSeen, byMember, sends);
                second = orderly(broker.address(), "second", firstSeen, byMember, sends);
                DefaultMQPushConsumer a = first;
                DefaultMQPushConsumer b = second;
                Await.until("both members holding queue locks", DEADLINE,
                    () -> lockedQueues(a) > 0 && lockedQueues(b) > 0 && lockedQueues(a) + lockedQueues(b) == 4);
                sends.set(OrderedSends.start(ORDERS, STEPS, (order, step) -> send(producer, order, step)));
                Await.until("the second member consuming", DEADLINE, () -> consumed(byMember, "second") >= 20);
                second.shutdown();
                second = null;
                assertThat(sends.get().awaitSent(DEADLINE.toMillis())).isNull();
                Await.until("every step of every order", DEADLINE,
                    () -> firstSeen.size() == ORDERS && firstSeen.values().stream().allMatch(s -> s.size() == STEPS));
            } finally {
                if (second != null) {
                    second.shutdown();
                }
                if (first != null) {
                    first.shutdown();
                }
                producer.shutdown();
            }
            List<Integer> steps = new ArrayList<>();
            for (int step = 0; step < STEPS; step++) {
                steps.add(step);
            }
            for (List<Integer> seen : firstSeen.values()) {
                assertThat(seen).containsExactlyElementsOf(steps);
            }
            assertThat(byMember.keySet()).containsExactlyInAnyOrder("first", "second");
            for (Map<Integer, List<Integer>> orders : byMember.values()) {
                orders.values().forEach(seen -> assertThat(seen).isSorted());
            }
        }
    }

    /** The queues the member holds locked, as its own rebalance sees them (no public API tells). */
    @SuppressWarnings("deprecation")
    private static int lockedQueues(DefaultMQPushConsumer consumer) {
        int locked = 0;
        for (Map.Entry<org.apache.rocketmq.common.message.MessageQueue, ProcessQueue> entry
            : consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().entrySet()) {
            if (entry.getKey().getTopic().equals(TOPIC) && entry.getValue().isLocked()) {
                locked++;
            }
        }
        return locked;
    }

    private static int consumed(Map<String, Map<Integer, List<Integer>>> byMember, String member) {
        return byMember.getOrDefault(member, Map.of()).values().stream().mapToInt(List::size).sum();
    }

    private static void send(DefaultMQProducer producer, int order, int step) throws Exception {
        Message message = new Message(TOPIC, "order", order + ":" + step, (order + ":" + step).getBytes(StandardCharsets.UTF_8));
        int key = Math.max(order, 0);
        assertThat(producer.send(message, (queues, msg, arg) -> queues.get((Integer) arg % queues.size()), key)
            .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
    }

    private static DefaultMQPushConsumer orderly(String address, String member, Map<String, List<Integer>> firstSeen,
        Map<String, Map<Integer, List<Integer>>> byMember, AtomicReference<OrderedSends> sends) throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(address, GROUP, TOPIC, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, OfficialClients.received());
        consumer.registerMessageListener((MessageListenerOrderly) (messages, context) -> {
            int last = -1;
            for (MessageExt message : messages) {
                String[] parts = new String(message.getBody(), StandardCharsets.UTF_8).split(":");
                int order = Integer.parseInt(parts[0]);
                int step = Integer.parseInt(parts[1]);
                if (order < 0) {
                    continue;
                }
                last = Math.max(last, step);
                byMember.computeIfAbsent(member, name -> new ConcurrentHashMap<>())
                    .computeIfAbsent(order, key -> new CopyOnWriteArrayList<>()).add(step);
                List<Integer> seen = firstSeen.computeIfAbsent(Integer.toString(order), key -> new CopyOnWriteArrayList<>());
                synchronized (seen) {
                    if (!seen.contains(step)) {
                        seen.add(step);
                    }
                }
            }
            OrderedSends running = sends.get();
            int acknowledged = last;
            try {
                if (running != null && acknowledged >= 0) {
                    Await.until("the sends to run " + LEAD + " steps ahead of step " + acknowledged, DEADLINE,
                        () -> running.ahead(acknowledged, LEAD));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ConsumeOrderlyStatus.SUCCESS;
        });
        consumer.start();
        return consumer;
    }
}
