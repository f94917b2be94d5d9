package io.apogee.store.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LongPollingTest {
    @TempDir
    Path dir;

    @Test
    void aWaiterIsToldOnceWhenItsQueueGetsAMessageAndNotForOtherQueues() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 16, 64)) {
            List<String> told = new ArrayList<>();
            ArrivalListener first = (topic, queueId, max) -> told.add("first " + topic + "-" + queueId + "@" + max);
            ArrivalListener second = (topic, queueId, max) -> told.add("second " + topic + "-" + queueId + "@" + max);
            assertThat(fixture.store.awaitArrival("T", 1, 0, first)).isTrue();
            assertThat(fixture.store.awaitArrival("T", 1, 0, second)).isTrue();
            fixture.store.submit(new TestRecord().set("T", 0, 100, null).request());
            fixture.drain();
            assertThat(told).isEmpty();
            assertThat(fixture.store.cancelArrival("T", 1, second)).isTrue();
            fixture.store.submit(new TestRecord().set("T", 1, 100, null).request());
            fixture.drain();
            assertThat(told).containsExactly("first T-1@1");
            fixture.store.submit(new TestRecord().set("T", 1, 100, null).request());
            fixture.drain();
            assertThat(told).hasSize(1);
            assertThat(fixture.store.awaitArrival("T", 1, 1, first)).isFalse();
            assertThat(fixture.store.awaitArrival("T", 1, 2, first)).isTrue();
            assertThat(fixture.store.cancelArrival("T", 1, first)).isTrue();
            assertThat(fixture.store.cancelArrival("T", 1, first)).isFalse();
        }
    }

    @Test
    void aBadTopicNameIsAnsweredLikeAMissingQueueInsteadOfThrowing() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 16, 64)) {
            ArrivalListener listener = (topic, queueId, max) -> { };
            assertThat(fixture.store.awaitArrival("../etc", 0, 0, listener)).isFalse();
            assertThat(fixture.store.awaitArrival("T", -1, 0, listener)).isFalse();
            assertThat(fixture.store.awaitArrival(null, 0, 0, listener)).isFalse();
            assertThat(fixture.store.cancelArrival("../etc", 0, listener)).isFalse();
            assertThat(fixture.store.read("../etc", 0, 0, 1, Long.MAX_VALUE, TagFilter.ANY, new ReadResult(1)))
                .isEqualTo(ReadStatus.QUEUE_NOT_FOUND);
            assertThat(fixture.internals.queues().all()).isEmpty();
        }
    }
}
