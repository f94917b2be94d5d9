package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.QueryMessageRequestHeader;
import io.apogee.wire.header.ViewMessageRequestHeader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin's queryMsgByKey and queryMsgById (docs/protocol.md §3.3 12 and 33) over a temporary store: the records in
 * stored form, oldest first, or QUERY_NOT_FOUND and SYSTEM_ERROR with their remarks.
 */
class MessageQueryProcessorTest {
    private static final String TOPIC = "TopicTest";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private TempStore store;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        harness = new ProcessorHarness(new MessageQueryProcessor(store.store(), clock), MessageQueryProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void aKeyQueryAnswersTheRecordsOldestFirst() {
        put("first", "order-1");
        clock.advanceMillis(10);
        put("second", "order-1");
        put("other", "order-2");
        store.put(TOPIC, 1, "after"); // dispatched in log order: the keys before it are indexed now
        Frame answer = harness.send(RequestCode.QUERY_MESSAGE, new QueryMessageRequestHeader().topic(TOPIC)
            .key("order-1").maxNum(32).beginTimestamp(0).endTimestamp(Long.MAX_VALUE));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(bodies(answer.body())).containsExactly("first", "second");
        assertThat(answer.ext("indexLastUpdateTimestamp")).isEqualTo(Long.toString(clock.millis()));
        assertThat(answer.ext("indexLastUpdatePhyoffset")).isNotNull();

        Frame none = harness.send(RequestCode.QUERY_MESSAGE, new QueryMessageRequestHeader().topic(TOPIC)
            .key("order-9").maxNum(32).beginTimestamp(0).endTimestamp(Long.MAX_VALUE));
        assertThat(none.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(none.remark()).isEqualTo("can not find message, maybe time range not correct");
    }

    /** Twelve records of 400 KB under one key: the answer holds the newest that fit in 4 MiB, oldest first. */
    @Test
    void aKeyQueryAnswersAtMostFourMebibytes() {
        List<String> bodies = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String body = (char) ('a' + i) + "x".repeat(400_000);
            bodies.add(body);
            put(body, "big");
        }
        store.put(TOPIC, 1, "after");
        Frame answer = harness.send(RequestCode.QUERY_MESSAGE, new QueryMessageRequestHeader().topic(TOPIC)
            .key("big").maxNum(64).beginTimestamp(0).endTimestamp(Long.MAX_VALUE));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.body().length).isLessThanOrEqualTo(4 << 20);
        assertThat(bodies(answer.body())).containsExactlyElementsOf(bodies.subList(2, 12));
    }

    @Test
    void aViewByOffsetAnswersTheRecordThere() {
        CopyAppend.Appended stored = put("viewed", "k");
        Frame answer = harness.send(RequestCode.VIEW_MESSAGE_BY_ID,
            new ViewMessageRequestHeader().topic(TOPIC).offset(stored.physicalOffset()));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(bodies(answer.body())).containsExactly("viewed");

        Frame nowhere = harness.send(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageRequestHeader().topic(TOPIC)
            .offset(1 << 30));
        assertThat(nowhere.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(nowhere.remark()).isEqualTo("can not find message by the offset, " + (1 << 30));
    }

    @Test
    void aBadHeaderIsInvalidParameter() {
        Frame bad = harness.sendRaw(RequestCode.VIEW_MESSAGE_BY_ID, Map.of("offset", "x"), null);
        assertThat(bad.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(bad.remark()).startsWith("bad " + RequestCode.VIEW_MESSAGE_BY_ID + " header: ");
        assertThat(harness.sendOneway(RequestCode.QUERY_MESSAGE, new QueryMessageRequestHeader().topic(TOPIC)
            .key("k").maxNum(1).beginTimestamp(0).endTimestamp(1), null)).isTrue();
    }

    private CopyAppend.Appended put(String body, String key) {
        return store.put(store.message(TOPIC, 0, body).put(PropertyNames.KEYS, key));
    }

    private static List<String> bodies(byte[] records) {
        ByteBuffer buffer = ByteBuffer.wrap(records);
        StoredRecord record = new StoredRecord();
        List<String> bodies = new ArrayList<>();
        for (int position = 0; position < records.length; position += record.totalSize()) {
            record.wrap(buffer, position);
            bodies.add(StandardCharsets.UTF_8.decode(buffer.slice(record.bodyOffset(), record.bodyLength())).toString());
        }
        return bodies;
    }
}
