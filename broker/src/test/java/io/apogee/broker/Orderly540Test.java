package io.apogee.broker;

import io.apogee.testsupport.scenario.OrderlyScenarios;

/** The orderly scenarios with the official 5.4.0 clients against Apogee's in-process broker. */
class Orderly540Test extends OrderlyScenarios {
    Orderly540Test() {
        super(RocketMq540Driver.ON_TEST_BROKER);
    }
}
