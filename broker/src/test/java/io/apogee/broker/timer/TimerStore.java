package io.apogee.broker.timer;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.testsupport.Await;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real store with the broker's timer-topic rule and its agents on threads, for driving a {@link TimerService} tick
 * by tick: park timer messages, read what was delivered.
 */
final class TimerStore implements AutoCloseable {
    static final HostAddress HOST = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);
    private static final HostAddress BORN = HostAddress.of(new byte[] {127, 0, 0, 1}, 50000);

    final MessageStore store;
    final TimerTopic timers = new TimerTopic(HOST);

    TimerStore(Path dir) {
        DistinctErrorLog errors = new DistinctErrorLog(SystemClock.INSTANCE, 16, (role, error) -> error.printStackTrace());
        store = MessageStore.open(StoreConfig.defaults(dir, FlushMode.ASYNC).withSmallFiles(1 << 20, 1024),
            new NioFileIo(), SystemClock.INSTANCE, errors, TimerTopic.tagsCodeRule(TagsCodeRule.TAG_HASH));
        store.start(() -> new BackoffIdleStrategy(20, 2, 1_000, 1_000_000));
    }

    /** Parks a message with {@code body} for {@code topic} queue 0, due at {@code time}; waits until dispatched. */
    void park(String topic, String body, long time) throws Exception {
        park(topic, 0, body, time);
    }

    /** Parks a message with {@code body} for {@code topic} queue {@code queueId}, due at {@code time}. */
    void park(String topic, int queueId, String body, long time) throws Exception {
        MessageCopy message = MessageCopy.to(topic, queueId).born(time, BORN)
            .body(body.getBytes(StandardCharsets.UTF_8)).put("KEYS", body);
        CopyAppend append = timers.park(message, time);
        long before = store.maxOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID);
        if (append.submitTo(store) != AppendStatus.ACCEPTED || !append.result().get(10, TimeUnit.SECONDS).written()) {
            throw new IllegalStateException("not parked: " + body);
        }
        awaitDispatch(TimerTopic.NAME, before + 1);
    }

    /** Waits until {@code topic} queue 0 holds {@code count} messages. */
    void awaitDispatch(String topic, long count) throws InterruptedException {
        Await.until(topic + " queue 0 to hold " + count + " messages", Duration.ofSeconds(10),
            () -> store.maxOffset(topic, 0) >= count);
    }

    /** The bodies delivered to {@code topic} queue 0, in queue order. */
    List<String> bodies(String topic) {
        List<String> bodies = new ArrayList<>();
        for (StoredMessage message : delivered(topic)) {
            bodies.add(message.body());
        }
        return bodies;
    }

    /** The messages delivered to {@code topic} queue 0, in queue order, with their properties. */
    List<StoredMessage> delivered(String topic) {
        List<StoredMessage> found = new ArrayList<>();
        ReadResult result = new ReadResult(64);
        StoredRecord record = new StoredRecord();
        long offset = 0;
        while (store.read(topic, 0, offset, 64, 1 << 20, TagFilter.ANY, result) == ReadStatus.FOUND) {
            try {
                for (int i = 0; i < result.count(); i++) {
                    record.wrap(result.buffer(i), result.position(i));
                    byte[] body = new byte[record.bodyLength()];
                    record.buffer().get(record.bodyOffset(), body);
                    Map<String, String> properties = new HashMap<>();
                    PropertiesReader reader = record.properties();
                    while (reader.next()) {
                        properties.put(reader.name(), reader.value());
                    }
                    found.add(new StoredMessage(new String(body, StandardCharsets.UTF_8), properties, record.topic()));
                }
                offset = result.nextOffset();
            } finally {
                result.release();
            }
        }
        return found;
    }

    @Override
    public void close() {
        store.close();
    }

    /** A delivered message. */
    record StoredMessage(String body, Map<String, String> properties, String topic) {
    }
}
