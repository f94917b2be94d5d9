package io.apogee.testsupport.scenario;

/** A started transaction producer. The test thread sends and closes it; client threads ask its handler. */
public interface DriverTransactionProducer extends AutoCloseable {
    /** Sends {@code message} as a half message, runs its local transaction, and reports both. */
    TransactionReceipt send(Outgoing message) throws Exception;

    /** Shuts the producer down. */
    @Override
    void close();
}
