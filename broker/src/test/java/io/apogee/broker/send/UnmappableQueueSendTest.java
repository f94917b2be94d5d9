package io.apogee.broker.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.store.StoreConfig;
import io.apogee.store.file.FileIo;
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
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
    private record RefusingMaps(Path refused) implements FileIo {
        private static final FileIo REAL = new NioFileIo();

        @Override
        public void createDirectories(Path directory) throws IOException {
            REAL.createDirectories(directory);
        }

        @Override
        public MemorySegment map(Path file, long size, Arena arena) throws IOException {
            if (file.startsWith(refused)) {
                throw new IOException("Map failed", new OutOfMemoryError("too many mappings"));
            }
            return REAL.map(file, size, arena);
        }

        @Override
        public FileChannel openForWrite(Path file) throws IOException {
            return REAL.openForWrite(file);
        }

        @Override
        public void write(Path file, FileChannel channel, ByteBuffer source, long position) throws IOException {
            REAL.write(file, channel, source, position);
        }

        @Override
        public void force(Path file, MappedByteBuffer buffer, int index, int length) throws IOException {
            REAL.force(file, buffer, index, length);
        }

        @Override
        public void delete(Path file) throws IOException {
            REAL.delete(file);
        }

        @Override
        public List<Path> list(Path directory) throws IOException {
            return REAL.list(directory);
        }

        @Override
        public List<Path> subdirectories(Path directory) throws IOException {
            return REAL.subdirectories(directory);
        }

        @Override
        public long size(Path file) throws IOException {
            return REAL.size(file);
        }

        @Override
        public long usableSpace(Path path) throws IOException {
            return REAL.usableSpace(path);
        }

        @Override
        public long totalSpace(Path path) throws IOException {
            return REAL.totalSpace(path);
        }

        @Override
        public void writeAtomically(Path file, ByteBuffer content) throws IOException {
            REAL.writeAtomically(file, content);
        }

        @Override
        public byte[] readAll(Path file) throws IOException {
            return REAL.readAll(file);
        }
    }
}
