package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Orderly consumption with a client's orderly push consumer: two members of a group share a topic's queues through
 * the broker's rebalance locks, messages of one order go to one queue (a queue selector by order id), and every order
 * is consumed step by step, also when one member leaves while the steps keep coming. A subclass names the client and
 * the broker ({@link ScenarioTarget}). JUnit runs each test on one thread.
 */
@Tag("slow")
public abstract class OrderlyScenarios {
    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final int ORDERS = 8;
    private static final int STEPS = 50;
    // members acknowledge a step only once the sender is this many steps further: a backlog builds up under them
    private static final int LEAD = 2;
    private static final int QUEUES = 4;
    private static final String GROUP = "CG-orderly";
    private static final String TOPIC = "OrderedTopic";

    static {
        // rebalance every second instead of every 20 s, so a member that could not lock a queue yet retries soon; a
        // client reads it once per JVM, so a module may have to set it for its whole test run as well
        System.setProperty("rocketmq.client.rebalance.waitInterval", "1000");
    }

    private final ScenarioTarget target;

    /** Scenarios run by {@code target}'s client against its broker. */
    protected OrderlyScenarios(ScenarioTarget target) {
        this.target = target;
    }

    @Test
    void perOrderStepsStayInOrderWhenAMemberLeavesUnderLoad(@TempDir Path dir) throws Exception {
        ClientDriver driver = target.driver();
        Map<Integer, List<Integer>> firstSeen = new ConcurrentHashMap<>();
        Map<String, Map<Integer, List<Integer>>> byMember = new ConcurrentHashMap<>();
        AtomicReference<OrderedSends> sends = new AtomicReference<>();
        try (BrokerUnderTest broker = target.broker().start(dir, Map.of());
             DriverProducer producer = driver.producer(broker.address(), "PG-orderly");
             DriverPushConsumer first = member(driver, broker.address(), "first", firstSeen, byMember, sends)) {
            send(producer, -1, 0); // creates the topic so that both members see its queues at once
            first.start();
            try (DriverPushConsumer second = member(driver, broker.address(), "second", firstSeen, byMember, sends)) {
                second.start();
                Await.until("both members holding queue locks", DEADLINE,
                    () -> first.lockedQueues(TOPIC) > 0 && second.lockedQueues(TOPIC) > 0
                    && first.lockedQueues(TOPIC) + second.lockedQueues(TOPIC) == QUEUES);
                // half the steps, then the sender holds: the second member leaves with steps of its orders to come,
                // however fast the broker took the first half
                sends.set(OrderedSends.startHoldingAfter(ORDERS, STEPS, STEPS / 2, (order, step) -> send(producer, order,
                    step)));
                Await.until("the second member consuming", DEADLINE, () -> consumed(byMember, "second") >= 20);
            } // the second member leaves; the rest of the steps come after it
            sends.get().release();
            assertThat(sends.get().awaitSent(DEADLINE.toMillis())).isNull();
            Await.until("every step of every order", DEADLINE,
                () -> firstSeen.size() == ORDERS && firstSeen.values().stream().allMatch(s -> s.size() == STEPS));
            Await.until("the remaining member holding every queue's lock", DEADLINE,
                () -> first.lockedQueues(TOPIC) == QUEUES);
        }
        List<Integer> steps = IntStream.range(0, STEPS).boxed().toList();
        assertThat(firstSeen.keySet()).containsExactlyInAnyOrderElementsOf(IntStream.range(0, ORDERS).boxed().toList());
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

    private static int consumed(Map<String, Map<Integer, List<Integer>>> byMember, String member) {
        return byMember.getOrDefault(member, Map.of()).values().stream().mapToInt(List::size).sum();
    }

    private static void send(DriverProducer producer, int order, int step) throws Exception {
        String text = order + ":" + step;
        assertThat(producer.sendToQueue(Outgoing.of(TOPIC, "order", text, text), Math.max(order, 0)).ok()).isTrue();
    }

    /** An orderly member recording each order's steps: per member as delivered, and across members once each. */
    private static DriverPushConsumer member(ClientDriver driver, String address, String member,
        Map<Integer, List<Integer>> firstSeen, Map<String, Map<Integer, List<Integer>>> byMember,
        AtomicReference<OrderedSends> sends) throws Exception {
        return driver.orderlyConsumer(address, PushSpec.of(GROUP, TOPIC), messages -> {
            int last = -1;
            for (Incoming message : messages) {
                String[] parts = message.text().split(":");
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
        });
    }
}
