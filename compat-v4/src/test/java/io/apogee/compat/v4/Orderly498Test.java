package io.apogee.compat.v4;

import io.apogee.testsupport.scenario.OrderlyScenarios;

/** The orderly scenarios with the official 4.9.8 clients against Apogee's in-process broker. */
class Orderly498Test extends OrderlyScenarios {
    Orderly498Test() {
        super(RocketMq498Driver.ON_TEST_BROKER);
    }
}
