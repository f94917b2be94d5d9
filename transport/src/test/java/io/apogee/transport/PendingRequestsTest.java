package io.apogee.transport;

import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PendingRequestsTest {
    private final List<Object> outcomes = new ArrayList<>();
    private final ResponseCallback recorder = new ResponseCallback() {
        @Override
        public void onResponse(RemotingHeader header, ByteBuf body) {
            outcomes.add(header.code());
        }

        @Override
        public void onFailure(TransportException failure) {
            outcomes.add(failure);
        }
    };

    @Test
    void expiresOnlyRequestsPastTheirDeadline() {
        PendingRequests pending = new PendingRequests(() -> "h:1");
        pending.add(1, new PendingRequest(recorder, 100, 1, 105));
        pending.add(2, new PendingRequest(recorder, 200, 2, 105));

        assertThat(pending.expire(99)).isZero();
        assertThat(pending.expire(150)).isEqualTo(1);

        assertThat(outcomes).singleElement().isInstanceOf(ResponseTimeoutException.class);
        assertThat(pending.size()).isEqualTo(1);
    }

    @Test
    void completesARequestOnceEvenIfItExpiresLater() {
        PendingRequests pending = new PendingRequests(() -> "h:1");
        pending.add(5, new PendingRequest(recorder, 100, 1, 105));

        RemotingHeader response = new RemotingHeader().code(17).opaque(5).flag(RemotingHeader.RESPONSE_FLAG);
        assertThat(pending.complete(response, Unpooled.EMPTY_BUFFER)).isTrue();
        assertThat(pending.complete(response, Unpooled.EMPTY_BUFFER)).isFalse();
        assertThat(pending.expire(1_000)).isZero();

        assertThat(outcomes).containsExactly(17);
    }

    @Test
    void failsEverythingWhenTheConnectionCloses() {
        PendingRequests pending = new PendingRequests(() -> "h:1");
        pending.add(1, new PendingRequest(recorder, 100, 1, 105));
        pending.add(2, new PendingRequest(recorder, 100, 1, 34));

        pending.failAll("connection closed");

        assertThat(outcomes).hasSize(2).allMatch(ConnectionLostException.class::isInstance);
        assertThat(pending.size()).isZero();
    }
}
