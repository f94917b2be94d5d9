package io.apogee.broker.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.message.CopyAppend;
import io.apogee.broker.message.MessageCopy;
import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import io.apogee.wire.message.HostAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A small real store in a temporary directory, stamping records with the test's clock, for the processors that read
 * or append: its agents run on their own threads, and {@link #put} waits (on the store's arrival signal, not by
 * polling) until the message it appends is dispatched to its queue.
 */
public final class TempStore implements AutoCloseable {
    /** The store host of the records put here. */
    public static final HostAddress HOST = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);
    /** The born host of the records put here. */
    public static final HostAddress BORN = HostAddress.of(new byte[] {127, 0, 0, 1}, 50000);

    private final MessageStore store;
    private final Clock clock;

    /** A store in {@code dir} on {@code clock}, with the default tags-code rule. */
    public TempStore(Path dir, Clock clock) {
        this(dir, clock, TagsCodeRule.TAG_HASH);
    }

    /** A store in {@code dir} on {@code clock}, with {@code rule} for the consume queues' tags-code slot. */
    public TempStore(Path dir, Clock clock, TagsCodeRule rule) {
        this.clock = clock;
        DistinctErrorLog errors = new DistinctErrorLog(clock, 16, (role, error) -> error.printStackTrace());
        store = MessageStore.open(StoreConfig.defaults(dir, FlushMode.ASYNC).withSmallFiles(1 << 20, 1024)
            .withIndex(1024, 4096), new NioFileIo(), clock, errors, rule);
        store.start(() -> new BackoffIdleStrategy(20, 2, 1_000, 1_000_000));
    }

    /** The store. */
    public MessageStore store() {
        return store;
    }

    /** Appends a message with {@code body} to {@code topic}'s queue {@code queueId}; its queue offset once dispatched. */
    public long put(String topic, int queueId, String body) {
        return put(MessageCopy.of(topic, queueId, 0, 0, clock.millis(), BORN, 0, body.getBytes(StandardCharsets.UTF_8)));
    }

    /** Appends {@code message}; its queue offset once dispatched to its queue. */
    public long put(MessageCopy message) {
        long offset = store.maxOffset(message.topic(), message.queueId());
        CopyAppend append = new CopyAppend(message, HOST);
        try {
            assertThat(append.submitTo(store)).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(append.awaitWritten(10)).as("written").isTrue();
            CountDownLatch arrived = new CountDownLatch(1);
            if (store.awaitArrival(message.topic(), message.queueId(), offset, (name, queueId, max) -> arrived.countDown())) {
                assertThat(arrived.await(10, TimeUnit.SECONDS)).as("dispatched").isTrue();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return offset;
    }

    @Override
    public void close() {
        store.close();
    }
}
