package io.apogee.testsupport.scenario;

import java.nio.file.Path;

/**
 * Two brokers, {@code broker-a} and {@code broker-b}, behind one stand-alone name server, with what a scenario may do
 * to them. Not thread-safe: the test thread drives it.
 */
public interface ClusterUnderTest extends AutoCloseable {
    /** "127.0.0.1:port" of the name server. */
    String nameServer();

    /** "127.0.0.1:port" of broker {@code brokerName}. */
    String brokerAddress(String brokerName);

    /** Stops broker-b. */
    void stopB();

    /** Starts broker-b again on its address and store. */
    void restartB() throws Exception;

    /** Stops both brokers and the name server. */
    @Override
    void close();

    /** Starts a cluster under test. */
    @FunctionalInterface
    interface Starter {
        /** Starts a cluster with its data in {@code dir}. */
        ClusterUnderTest start(Path dir) throws Exception;
    }
}
