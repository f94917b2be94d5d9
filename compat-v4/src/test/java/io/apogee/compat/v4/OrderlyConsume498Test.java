package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.OrderedSends;
import io.apogee.broker.TestBroker;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Orderly consumption with the official 4.9.8 push consumer, as the broker's {@code OrderlyConsumeTest} proves it with
 * 5.4.0: two members of a group share a topic's queues through the broker's rebalance locks, messages of one order go
 * to one queue (a MessageQueueSelector by order id), and every order is consumed step by step, also when one member
 * leaves while the steps keep coming. The module's surefire configuration makes the client rebalance every second, so
 * that a member that could not lock a queue yet retries soon.
 *
 * <p>Its steps repeat that test's on purpose: the two client versions' classes cannot share a class path, so neither
 * can one test compiled against them.
 */
@Tag("slow")
class OrderlyConsume498Test {
    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final int ORDERS = 8;
    private static final int STEPS = 50;
    // members acknowledge a step only once the sender is this many steps further: a backlog builds up under them
    private static final int LEAD = 2;
    private static final int QUEUES = 4;
    private static final String GROUP = "CG-orderly498";
    private static final String TOPIC = "Ordered498";

    @TempDir
    Path dir;

    @Test
    void perOrderStepsStayInOrderWhenAMemberLeavesUnderLoad() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            DefaultMQProducer producer = Clients498.producer(broker.address(), "PG-orderly498");
            Map<Integer, List<Integer>> firstSeen = new ConcurrentHashMap<>();
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
                    () -> Clients498.lockedQueues(a, TOPIC) > 0 && Clients498.lockedQueues(b, TOPIC) > 0
                    && Clients498.lockedQueues(a, TOPIC) + Clients498.lockedQueues(b, TOPIC) == QUEUES);
                sends.set(OrderedSends.start(ORDERS, STEPS, (order, step) -> send(producer, order, step)));
                Await.until("the second member consuming", DEADLINE, () -> consumed(byMember, "second") >= 20);
                second.shutdown();
                second = null;
                assertThat(sends.get().awaitSent(DEADLINE.toMillis())).isNull();
                Await.until("every step of every order", DEADLINE,
                    () -> firstSeen.size() == ORDERS && firstSeen.values().stream().allMatch(s -> s.size() == STEPS));
                DefaultMQPushConsumer remaining = first;
                Await.until("the remaining member holding every queue's lock", DEADLINE,
                    () -> Clients498.lockedQueues(remaining, TOPIC) == QUEUES);
            } finally {
                if (second != null) {
                    second.shutdown();
                }
                if (first != null) {
                    first.shutdown();
                }
                producer.shutdown();
            }
            List<Integer> steps = IntStream.range(0, STEPS).boxed().toList();
            for (List<Integer> seen : firstSeen.values()) {
                assertThat(seen).containsExactlyElementsOf(steps);
            }
            assertThat(byMember.keySet()).containsExactlyInAnyOrder("first", "second");
            // the members began on disjoint queues: an order both consumed was handed over when the second left
            Set<Integer> handedOver = new HashSet<>(byMember.get("second").keySet());
            handedOver.retainAll(byMember.get("first").keySet());
            assertThat(handedOver).as("orders the first member went on with after the second left").isNotEmpty();
            // a member may see steps again after a hand-over, but never an order's steps out of order
            for (Map<Integer, List<Integer>> orders : byMember.values()) {
                orders.values().forEach(seen -> assertThat(seen).isSorted());
            }
        }
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

    /** A started orderly member recording each order's steps: per member as delivered, and across members once each. */
    private static DefaultMQPushConsumer orderly(String address, String member, Map<Integer, List<Integer>> firstSeen,
        Map<String, Map<Integer, List<Integer>>> byMember, AtomicReference<OrderedSends> sends) throws Exception {
        DefaultMQPushConsumer consumer = Clients498.pushConsumer(address, GROUP, TOPIC, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, Clients498.received());
        consumer.registerMessageListener((MessageListenerOrderly) (messages, context) -> {
            int last = -1;
            for (MessageExt message : messages) {
                String[] parts = Clients498.body(message).split(":");
                int order = Integer.parseInt(parts[0]);
                int step = Integer.parseInt(parts[1]);
                if (order < 0) {
                    continue;
                }
                last = Math.max(last, step);
                byMember.computeIfAbsent(member, name -> new ConcurrentHashMap<>())
                    .computeIfAbsent(order, key -> new CopyOnWriteArrayList<>()).add(step);
                List<Integer> seen = firstSeen.computeIfAbsent(order, key -> new CopyOnWriteArrayList<>());
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
