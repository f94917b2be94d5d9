package io.apogee.broker.client;

import io.apogee.testsupport.scenario.SendScenarios;
import org.junit.jupiter.api.Tag;

/** The send scenarios (sync, async, oneway, batch, compressed) with Apogee's client against Apogee's in-process broker. */
@Tag("slow")
class SendApogeeTest extends SendScenarios {
    SendApogeeTest() {
        super(ApogeeDriver.ON_TEST_BROKER);
    }
}
