package io.apogee.broker.client;

import io.apogee.testsupport.scenario.RetryScenarios;
import org.junit.jupiter.api.Tag;

/** The retry and dead-letter scenarios with Apogee's push consumer against Apogee's in-process broker. */
@Tag("slow")
class RetriesApogeeTest extends RetryScenarios {
    RetriesApogeeTest() {
        super(ApogeeDriver.ON_TEST_BROKER);
    }
}
