package io.apogee.broker.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.agent.SchedulerAgent;
import io.apogee.common.time.ManualClock;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Registration driven tick by tick: a scheduler on a manual clock registers at start, again only when a period has
 * passed, and at once when the topics change. A real socket carries each registration to a stand-in name server.
 */
class RegistrationScheduleTest {
    private static final long PERIOD_MILLIS = 30_000;

    @TempDir
    Path dir;

    @Test
    void registersAtStartEveryPeriodAndOnATopicChange() throws Exception {
        BlockingQueue<Integer> codes = new LinkedBlockingQueue<>();
        RemotingServer nameServer = RemotingServer.start(transport("test-namesrv-io"), (peer, request) -> {
            codes.add(request.header().code());
            request.body().release();
        }, "127.0.0.1", 0);
        RemotingClient client = new RemotingClient(transport("test-register-io"), RequestDispatcher.IGNORE);
        try {
            ManualClock clock = new ManualClock(1_800_000_000_000L);
            SchedulerAgent scheduler = new SchedulerAgent("registration", clock, (role, error) -> {
                throw new AssertionError(error);
            });
            TopicRegistry topics = new TopicRegistry(new TopicTable(TempMetadata.files(dir)), true, 8, "DefaultCluster", "broker-a");
            NameServerRegistration registration = new NameServerRegistration(List.of("127.0.0.1:" + nameServer.port()),
                new BrokerIdentity("DefaultCluster", "broker-a", "127.0.0.1:10911"), topics, clock, scheduler,
                PERIOD_MILLIS, client);

            registration.start();
            assertThat(scheduler.doWork()).as("taken in and registered").isEqualTo(2);
            assertThat(codes.poll(10, TimeUnit.SECONDS)).isEqualTo(RequestCode.REGISTER_BROKER);
            clock.advanceMillis(PERIOD_MILLIS - 1);
            assertThat(scheduler.doWork()).as("a period not yet over").isZero();
            clock.advanceMillis(1);
            assertThat(scheduler.doWork()).isEqualTo(1);
            assertThat(codes.poll(10, TimeUnit.SECONDS)).isEqualTo(RequestCode.REGISTER_BROKER);
            registration.topicsChanged();
            assertThat(scheduler.doWork()).as("a topic change registers at once").isEqualTo(2);
            assertThat(codes.poll(10, TimeUnit.SECONDS)).isEqualTo(RequestCode.REGISTER_BROKER);
            assertThat(codes).isEmpty();
        } finally {
            client.close();
            nameServer.close();
        }
    }

    private static TransportConfig transport(String threadPrefix) {
        return TransportConfig.builder().ioThreads(1).threadNamePrefix(threadPrefix).build();
    }
}
