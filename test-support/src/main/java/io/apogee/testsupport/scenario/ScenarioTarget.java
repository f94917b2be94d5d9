package io.apogee.testsupport.scenario;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a scenario class runs against: a client (its driver) and how to start the broker. Immutable.
 *
 * @param driver the client under test
 * @param broker starts the broker under test in a directory of its own
 */
public record ScenarioTarget(ClientDriver driver, BrokerStarter broker) {
    /** Starts the broker under test. */
    @FunctionalInterface
    public interface BrokerStarter {
        /** Starts a broker with its data in {@code dir} and {@code settings} over the test defaults. */
        BrokerUnderTest start(Path dir, Map<String, String> settings) throws Exception;
    }
}
