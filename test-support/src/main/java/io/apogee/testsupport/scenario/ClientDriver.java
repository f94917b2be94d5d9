package io.apogee.testsupport.scenario;

import java.util.List;
import java.util.function.Consumer;

/**
 * One client library behind the calls the scenarios make: producers, push consumers and lite pull consumers, each set
 * up for a test broker (loopback address, a unique instance name, a send timeout of 10 s). Implementations live in the
 * tests of the module whose class path holds the library. Thread-safe: it only creates clients.
 */
public interface ClientDriver {
    /** The client's name in failure messages, e.g. "RocketMQ 5.4.0". */
    String name();

    /** Makes the clients keep their local files (broadcast offsets) under {@code dir}; called once, before any client. */
    default void keepLocalFilesIn(java.nio.file.Path dir) {
    }

    /**
     * Whether a request fails as soon as the broker closes its connection (5.4.0), rather than at its timeout (4.9.8),
     * so that a send in flight when a broker stops is retried elsewhere and a long poll on it ends at once.
     */
    boolean failsRequestsOnClosedConnections();

    /**
     * Whether the client has {@code feature}; a scenario that needs it is skipped when not. The official clients have
     * them all.
     */
    default boolean supports(Feature feature) {
        return true;
    }

    /** A started producer of {@code group} using the name server {@code nameServer}. */
    DriverProducer producer(String nameServer, String group) throws Exception;

    /** A push consumer, not started, handing each message it consumes to {@code into} on a client thread. */
    DriverPushConsumer pushConsumer(String nameServer, PushSpec spec, Consumer<Incoming> into) throws Exception;

    /**
     * An orderly push consumer (MessageListenerOrderly), not started: {@code batch} gets each batch on a client thread,
     * and the batch counts as consumed when it returns.
     */
    DriverPushConsumer orderlyConsumer(String nameServer, PushSpec spec, Consumer<List<Incoming>> batch) throws Exception;

    /** A started transaction producer of {@code group} whose local transactions {@code handler} runs and checks. */
    DriverTransactionProducer transactionProducer(String nameServer, String group, TransactionHandler handler) throws Exception;

    /** A lite pull consumer of {@code group}, not started, polling for up to a second. */
    DriverLitePull litePull(String nameServer, String group) throws Exception;
}
