package io.apogee.testsupport.scenario;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/** A started producer. Its sends may be called from any thread, as the client library allows; close once. */
public interface DriverProducer extends AutoCloseable {
    /** Sends {@code message} and waits for the answer. */
    SendReceipt send(Outgoing message) throws Exception;

    /**
     * Makes the producer avoid a broker that failed (latency fault tolerance) and give up a send after
     * {@code sendTimeoutMillis}; before its first send.
     */
    void failOver(int sendTimeoutMillis);

    /** Creates {@code topic} with {@code queues} queues on every broker of the route of TBW102, the auto-create topic. */
    void createTopic(String topic, int queues) throws Exception;

    /** The brokers of {@code topic}'s route as the name server gives it; none while it has none. */
    Set<String> routedBrokers(String topic);

    /** The cluster table of the name server. */
    ClusterView clusterInfo() throws Exception;

    /** Sends {@code message} to the queue at index {@code key} modulo the topic's queue count, and waits for the answer. */
    SendReceipt sendToQueue(Outgoing message, int key) throws Exception;

    /** Sends {@code messages} (one topic) as one batch and waits for the answer. */
    SendReceipt sendBatch(List<Outgoing> messages) throws Exception;

    /** Sends {@code message}, calling {@code onStored} with the receipt from a client thread when it was stored. */
    void sendAsync(Outgoing message, Consumer<SendReceipt> onStored) throws Exception;

    /** Sends {@code message} without waiting for any answer. */
    void sendOneway(Outgoing message) throws Exception;

    /** Shuts the producer down. */
    @Override
    void close();
}
