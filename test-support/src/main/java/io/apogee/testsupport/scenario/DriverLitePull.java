package io.apogee.testsupport.scenario;

import java.util.List;

/** A lite pull consumer: subscribe or assign, then poll. Not thread-safe: the test thread drives it. */
public interface DriverLitePull extends AutoCloseable {
    /** Subscribes to {@code topic} with tag {@code expression}; before {@link #start()}. */
    void subscribe(String topic, String expression) throws Exception;

    /** Subscribes to {@code topic} with SQL92 expression {@code sql}, which each pull carries; before {@link #start()}. */
    void subscribeSql(String topic, String sql) throws Exception;

    /** Makes a new group start at the first offset of each queue; before {@link #start()}. */
    void fromFirstOffset();

    /** Starts the consumer. */
    void start() throws Exception;

    /** What one poll returned, waiting up to a second. */
    List<Incoming> poll();

    /** The queues of {@code topic}. */
    List<QueueRef> queues(String topic) throws Exception;

    /** Takes {@code queues} by assignment. */
    void assign(List<QueueRef> queues);

    /** The offset of the first message in {@code queue} stored at or after {@code millis}. */
    long offsetForTimestamp(QueueRef queue, long millis) throws Exception;

    /** Moves the next poll of {@code queue} to {@code offset}. */
    void seek(QueueRef queue, long offset) throws Exception;

    /** Moves the next poll of {@code queue} to its first message. */
    void seekToBegin(QueueRef queue) throws Exception;

    /** Moves the next poll of {@code queue} past its last message. */
    void seekToEnd(QueueRef queue) throws Exception;

    /** Shuts the consumer down. */
    @Override
    void close();
}
