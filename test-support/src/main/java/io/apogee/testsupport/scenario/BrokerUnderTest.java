package io.apogee.testsupport.scenario;

/**
 * The broker a scenario runs against, with what a scenario may check on its side. Apogee's in-process test broker
 * implements it. Thread-safe.
 */
public interface BrokerUnderTest extends AutoCloseable {
    /** "127.0.0.1:port" of the broker, which is also its name server. */
    String address();

    /** The offset {@code group} committed on queue {@code queueId} of {@code topic}, or a negative value for none. */
    long committedOffset(String group, String topic, int queueId);

    /** The offsets {@code group} has committed on the first {@code queues} queues of {@code topic}, summed. */
    default long committed(String group, String topic, int queues) {
        long total = 0;
        for (int queueId = 0; queueId < queues; queueId++) {
            total += Math.max(0, committedOffset(group, topic, queueId));
        }
        return total;
    }

    /** The next offset of queue {@code queueId} of {@code topic}: how many messages it holds. */
    long maxOffset(String topic, int queueId);

    /** Makes consumer group {@code group} known to the broker (a heartbeat), as an earlier run of a consumer would. */
    void announceGroup(String group) throws Exception;

    /** Stops the broker. */
    @Override
    void close();
}
