package io.apogee.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.store.StoreConfig;
import io.apogee.store.file.ForwardingFileIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.testsupport.Await;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A send to a queue whose consume-queue file the system refuses to map is answered SYSTEM_ERROR, naming the queue and
 * {@code maxMappedQueueFiles}, and nothing of it is stored; a send to another queue is written, and the store is
 * not fenced.
 */
class UnmappableQueueSendTest {
    private static final String GOOD = "Mappable";
    private static final String BAD = "Unmappable";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private TempStore store;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock, TagsCodeRule.TAG_HASH, new RefusingMaps(dir.resolve("consumequeue").resolve(BAD)));
        TopicRegistry topics = new TopicRegistry(store.metadata().topics(), true, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(GOOD, 2, Permission.READ_WRITE);
        topics.createIfAbsent(BAD, 2, Permission.READ_WRITE);
        harness = new ProcessorHarness(new SendProcessor(store.store(), topics, TempStore.HOST, "DefaultCluster", 1024,
            UniqueKeyGenerator.forThisProcess(new byte[] {127, 0, 0, 1}, clock)), SendProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void onlyTheQueueWhoseFileCannotBeMappedIsRefusedAndTheStoreGoesOn() throws InterruptedException {
        Frame refused = harness.send(RequestCode.SEND_MESSAGE_V2, send(BAD, 1), ProcessorHarness.utf8("lost?"));
        assertThat(refused.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refused.remark()).contains(BAD + " queue 1").contains("maxMappedQueueFiles="
            + StoreConfig.DEFAULT_MAX_MAPPED_QUEUE_FILES);

        Frame written = harness.send(RequestCode.SEND_MESSAGE_V2, send(GOOD, 1), ProcessorHarness.utf8("kept"));
        assertThat(written.code()).as("written and answered on the thread that sent it").isEqualTo(ResponseCode.SUCCESS);
        Await.until("the good queue's message is readable", Duration.ofSeconds(10),
            () -> store.read(GOOD, 1).size() == 1);
        assertThat(store.store().failure()).as("the store is not fenced").isNull();
        assertThat(store.store().maxOffset(BAD, 1)).as("nothing appended for the refused queue").isZero();
    }

    private static SendMessageRequestHeader send(String topic, int queueId) {
        return new SendMessageRequestHeader().producerGroup("PG").topic(topic)
            .defaultTopic(TopicRegistry.AUTO_CREATE_TEMPLATE).defaultTopicQueueNums(4).queueId(queueId).sysFlag(0)
            .bornTimestamp(1L).flag(0).reconsumeTimes(0).unitMode(false).batch(false);
    }

    /** Real file operations, except that every map of a file under one directory fails as the system refusing it. */
    private static final class RefusingMaps extends ForwardingFileIo {
        private final Path refused;

        RefusingMaps(Path refused) {
            super(new NioFileIo());
            this.refused = refused;
        }

        @Override
        public MemorySegment map(Path file, long size, Arena arena) throws IOException {
            if (file.startsWith(refused)) {
                throw new IOException("Map failed", new OutOfMemoryError("too many mappings"));
            }
            return super.map(file, size, arena);
        }
    }
}
