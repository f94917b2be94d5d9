package io.apogee.broker.client;

import io.apogee.testsupport.scenario.DelayScenarios;
import org.junit.jupiter.api.Tag;

/** The delay-level scenarios with Apogee's producer and push consumer against Apogee's in-process broker. */
@Tag("slow")
class DelaysApogeeTest extends DelayScenarios {
    DelaysApogeeTest() {
        super(ApogeeDriver.ON_TEST_BROKER);
    }
}
