package io.apogee.broker.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.commitlog.SingleRecordAppend;
import io.apogee.store.file.FileIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.testsupport.Await;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A small real store in a temporary directory, stamping records with the test's clock, for the processors that read
 * or append, with the broker's tables in its metadata directory (written at close unless the store failed, as the
 * broker does): its agents run on their own threads, and {@link #put} waits (on the store's arrival signal, not by
 * polling) until the message it appends is dispatched to its queue.
 */
public final class TempStore implements AutoCloseable {
    /** The store host of the records put here. */
    public static final HostAddress HOST = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);
    /** The born host of the records put here. */
    public static final HostAddress BORN = HostAddress.of(new byte[] {127, 0, 0, 1}, 50000);

    /** The topic of the store's own markers ({@link #stopAppender()}, {@link #barrier()}). */
    public static final String MARKER_TOPIC = "TempStoreMarker";
    private static final int BARRIER_QUEUE = 0;
    private static final int GATE_QUEUE = 1;

    private final MessageStore store;
    private final BrokerMetadata metadata;
    private final Clock clock;

    /** A store in {@code dir} on {@code clock}, with the default tags-code rule. */
    public TempStore(Path dir, Clock clock) {
        this(dir, clock, TagsCodeRule.TAG_HASH);
    }

    /** A store in {@code dir} on {@code clock}, with {@code rule} for the consume queues' tags-code slot. */
    public TempStore(Path dir, Clock clock, TagsCodeRule rule) {
        this(dir, clock, rule, new NioFileIo());
    }

    /** A store in {@code dir} on {@code clock} whose file operations go through {@code files} (to inject failures). */
    public TempStore(Path dir, Clock clock, TagsCodeRule rule, FileIo files) {
        this.clock = clock;
        DistinctErrorLog errors = new DistinctErrorLog(clock, 16, (role, error) -> error.printStackTrace());
        // queue files made on the submitting thread: processor tests read a send's answer on the thread that sent it
        store = MessageStore.open(StoreConfig.defaults(dir, FlushMode.ASYNC).withSmallFiles(1 << 20, 1024)
            .withIndex(1024, 4096).withQueueFilesOnSubmit(), files, clock, errors, rule);
        store.start(); // as the broker runs it: each store thread sleeps until its next work
        metadata = BrokerMetadata.open(MetadataFiles.of(store));
    }

    /** The store. */
    public MessageStore store() {
        return store;
    }

    /** The broker's topic, group and offset tables, kept in the store's metadata directory. */
    public BrokerMetadata metadata() {
        return metadata;
    }

    /** Appends a message with {@code body} to {@code topic}'s queue {@code queueId}; its queue offset once dispatched. */
    public long put(String topic, int queueId, String body) {
        return put(message(topic, queueId, body)).queueOffset();
    }

    /** A message with {@code body} for {@code topic}'s queue {@code queueId}, born now from {@link #BORN}. */
    public MessageCopy message(String topic, int queueId, String body) {
        return message(topic, queueId, 0, body);
    }

    /** A message with {@code sysFlag} and {@code body} for {@code topic}'s queue {@code queueId}, born now. */
    public MessageCopy message(String topic, int queueId, int sysFlag, String body) {
        return MessageCopy.to(topic, queueId).sysFlag(sysFlag).born(clock.millis(), BORN)
            .body(body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Appends {@code message}; its queue offset once it is in its queue and its keys are indexed. The arrival signal waited on is
     * registered before the append, after any long poll already waiting: those are told first, on the dispatcher
     * thread, before this returns.
     */
    public CopyAppend.Appended put(MessageCopy message) {
        Arrival arrival = expect(message.topic(), message.queueId());
        CopyAppend append = new CopyAppend(message, HOST);
        assertThat(append.submitTo(store)).isEqualTo(AppendStatus.ACCEPTED);
        arrival.await();
        // the keys are indexed in the dispatcher's next batch, after the unit arrived
        try {
            Await.until("the record indexed", Duration.ofSeconds(10), () -> store.statistics().bytesToDispatch() == 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return append.result().join();
    }

    /**
     * The next message's arrival in {@code topic}'s queue {@code queueId}, to {@link Arrival#await() wait for} after
     * making the broker write it. Only while nothing else is on its way to that queue: any arrival there ends the wait.
     */
    public Arrival expect(String topic, int queueId) {
        CountDownLatch arrived = new CountDownLatch(1);
        assertThat(store.awaitArrival(topic, queueId, store.maxOffset(topic, queueId),
            (name, queue, max) -> arrived.countDown())).as("nothing at the offset yet").isTrue();
        return new Arrival(arrived);
    }

    /**
     * A message expected in a queue.
     *
     * @param latch counted down on the dispatcher thread when it arrives
     */
    public record Arrival(CountDownLatch latch) {
        /** Waits until the message is dispatched to its queue. */
        public void await() {
            try {
                assertThat(latch.await(10, TimeUnit.SECONDS)).as("dispatched").isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Stops the appender inside an append of its own until the returned gate opens: what is submitted meanwhile is
     * appended, and completed, only after. The gate is submitted from a thread of its own, so that the thread
     * writing it (that one or the dispatcher's backstop) holds the store's write turn: a submit made meanwhile finds the
     * turn taken and leaves its request to that thread. For processors that answer on the connection's event loop from a store
     * agent: the test finishes with the embedded channel first, so that the agent's hand-over never meets it.
     */
    public Gate stopAppender() {
        return stopAppender(null);
    }

    /**
     * Like {@link #stopAppender()}, but once the gate opens the appender's write throws {@code fault}, as a fault on
     * a mapped write would: the store fails, and every append waiting behind the gate completes STORE_FAILED.
     */
    public Gate stopAppenderThenFail(Error fault) {
        return stopAppender(fault);
    }

    private Gate stopAppender(Error fault) {
        Thread caller = Thread.currentThread();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch open = new CountDownLatch(1);
        // a queue of its own: the barrier's queue only ever holds dispatched barriers when one is appended
        MessageCopy marker = message(MARKER_TOPIC, GATE_QUEUE, "gate");
        String properties = marker.propertiesText();
        SingleRecordAppend gate = new SingleRecordAppend(writer -> {
            if (Thread.currentThread() != caller) { // the writer; the caller only sizes the record
                entered.countDown();
                await(open);
                if (fault != null) {
                    throw fault;
                }
            }
            marker.writeTo(writer, HOST, properties);
        }, (status, physicalOffset, queueOffset, storeTimestamp) -> { });
        assertThat(gate.prepare(MARKER_TOPIC, GATE_QUEUE)).isEqualTo(SizeCheck.FITS);
        Thread.ofPlatform().name("temp-store-gate").daemon(true).start(() -> store.submit(gate));
        await(entered); // entered only when accepted and being written
        return open::countDown;
    }

    /**
     * Appends a marker and waits for it: the appender completes and the dispatcher dispatches in log order, so every
     * append submitted before has been completed (its completion has run) and dispatched when this returns.
     */
    public void barrier() {
        put(MARKER_TOPIC, BARRIER_QUEUE, "barrier");
    }

    /** An appender stopped by {@link #stopAppender()}. */
    @FunctionalInterface
    public interface Gate {
        /** Lets the appender go on. */
        void open();
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Copies of the messages in {@code topic}'s queue {@code queueId}, in queue order, with their properties. */
    public List<MessageCopy> read(String topic, int queueId) {
        List<MessageCopy> found = new ArrayList<>();
        ReadResult result = new ReadResult(64);
        StoredRecord record = new StoredRecord();
        long offset = 0;
        while (store.read(topic, queueId, offset, 64, 1 << 20, TagFilter.ANY, result) == ReadStatus.FOUND) {
            try {
                for (int i = 0; i < result.count(); i++) {
                    found.add(MessageCopy.of(record.wrap(result.buffer(i), result.position(i))));
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
        if (store.failure() == null) { // a failed store's disk takes no write, as in the broker's close
            metadata.persist();
        }
        store.close();
    }
}
