package io.apogee.broker.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.health.BrokerHealth.State;
import io.apogee.broker.health.BrokerHealth.Status;
import io.apogee.store.file.DiskFence;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BrokerHealthTest {
    private final List<String> errors = new ArrayList<>();
    private final List<Status> changes = new ArrayList<>();
    private final DiskFence fence = new DiskFence();
    private final BrokerHealth health = new BrokerHealth((role, error) -> errors.add(role), changes::add)
        .watch(fence::failure);

    @Test
    void anExceptionIsOnlyPassedOn() {
        health.onError("apogee-scheduler", new IllegalStateException("a bug"));
        assertThat(errors).containsExactly("apogee-scheduler");
        assertThat(health.status().state()).isEqualTo(State.RUNNING);
        assertThat(health.status().describe()).isEqualTo("RUNNING");
        assertThat(changes).isEmpty();
    }

    @Test
    void theFirstErrorDegradesTheBrokerAndIsToldOnce() {
        health.onError("apogee-housekeeping", new OutOfMemoryError("Java heap space"));
        health.onError("apogee-scheduler", new StackOverflowError());
        Status status = health.status();
        assertThat(status.state()).isEqualTo(State.DEGRADED);
        assertThat(status.role()).isEqualTo("apogee-housekeeping");
        assertThat(status.cause()).isEqualTo("java.lang.OutOfMemoryError: Java heap space");
        assertThat(changes).containsExactly(status);
        assertThat(errors).hasSize(2);
    }

    @Test
    void aFailedStoreFailsTheBrokerWhateverCameBefore() {
        health.onError("apogee-housekeeping", new OutOfMemoryError("Java heap space"));
        InternalError fault = new InternalError("a fault occurred in an unsafe memory access operation");
        fence.trip("apogee-appender", null, fault);
        health.onError("apogee-appender", fault);
        Status status = health.status();
        assertThat(status.state()).isEqualTo(State.FAILED);
        assertThat(status.role()).isEqualTo("apogee-appender");
        assertThat(status.describe()).isEqualTo("FAILED apogee-appender: java.lang.InternalError: a fault occurred in an"
            + " unsafe memory access operation");
        assertThat(health.status()).isEqualTo(status);
        assertThat(changes).extracting(Status::state).containsExactly(State.DEGRADED, State.FAILED);
    }
}
