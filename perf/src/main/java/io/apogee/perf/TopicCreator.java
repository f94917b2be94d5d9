package io.apogee.perf;

import io.apogee.perf.client.NameServers;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Creates the run's topic with a given number of queues before anything is sent, through Apache RocketMQ's client
 * (UPDATE_AND_CREATE_TOPIC to every broker that serves TBW102), so that Apogee and RocketMQ get the same request
 * whichever client the run drives. Then waits until the name servers route that many queues.
 */
final class TopicCreator {
    private static final String TEMPLATE_TOPIC = "TBW102";
    private static final long ROUTE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

    private TopicCreator() {
    }

    /**
     * Creates {@code topic} with {@code queues} read and write queues.
     *
     * @throws IllegalStateException if the brokers refused it or the route did not show the queues within 30 s
     */
    // createTopic is the client's only public call that creates a topic; mqadmin's tools are not on this class path
    @SuppressWarnings("deprecation")
    static void create(NameServers nameServers, String topic, int queues) {
        DefaultMQProducer admin = new DefaultMQProducer("apogee_perf_topic_admin");
        admin.setNamesrvAddr(nameServers.addresses());
        admin.setUseTLS(nameServers.tls());
        admin.setInstanceName("apogee-perf-admin-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            admin.start();
            admin.createTopic(TEMPLATE_TOPIC, topic, queues, Map.of());
            long deadline = System.nanoTime() + ROUTE_TIMEOUT_NANOS;
            while (routedQueues(admin, topic) < queues) {
                if (System.nanoTime() >= deadline) {
                    throw new IllegalStateException("topic " + topic + " was created, but its route shows fewer than "
                        + queues + " queues after 30 s");
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        } catch (MQClientException e) {
            throw new IllegalStateException("topic " + topic + " with " + queues + " queues not created: "
                + e.getMessage(), e);
        } finally {
            admin.shutdown();
        }
    }

    private static int routedQueues(DefaultMQProducer admin, String topic) {
        try {
            return admin.fetchPublishMessageQueues(topic).size();
        } catch (MQClientException notYet) {
            return 0;
        }
    }
}
