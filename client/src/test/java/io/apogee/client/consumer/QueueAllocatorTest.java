package io.apogee.client.consumer;

import io.apogee.client.core.MessageQueue;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The allocation matches the official client's AllocateMessageQueueAveragely for every small group and topic. */
class QueueAllocatorTest {
    @Test
    void matchesTheOfficialAverageAllocation() {
        AllocateMessageQueueAveragely official = new AllocateMessageQueueAveragely();
        for (int queueCount = 1; queueCount <= 17; queueCount++) {
            List<MessageQueue> queues = new ArrayList<>();
            List<org.apache.rocketmq.common.message.MessageQueue> officialQueues = new ArrayList<>();
            for (int i = 0; i < queueCount; i++) {
                String broker = i < queueCount / 2 ? "broker-a" : "broker-b";
                queues.add(new MessageQueue("T", broker, i));
                officialQueues.add(new org.apache.rocketmq.common.message.MessageQueue("T", broker, i));
            }
            for (int clientCount = 1; clientCount <= 9; clientCount++) {
                List<String> clients = new ArrayList<>();
                for (int c = 0; c < clientCount; c++) {
                    clients.add("127.0.0.1@client-" + c);
                }
                int covered = 0;
                for (String self : clients) {
                    List<MessageQueue> mine = QueueAllocator.averagely(queues, clients, self);
                    List<org.apache.rocketmq.common.message.MessageQueue> theirs =
                        official.allocate("G", self, officialQueues, clients);
                    assertThat(mine).extracting(MessageQueue::queueId)
                        .as("%d queues, %d clients, %s", queueCount, clientCount, self)
                        .containsExactlyElementsOf(theirs.stream().map(q -> q.getQueueId()).toList());
                    covered += mine.size();
                }
                assertThat(covered).isEqualTo(queueCount);
            }
        }
    }

    @Test
    void givesNothingToAClientThatIsNotInTheGroup() {
        List<MessageQueue> queues = List.of(new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1));

        assertThat(QueueAllocator.averagely(queues, List.of("a", "b"), "c")).isEmpty();
    }
}
