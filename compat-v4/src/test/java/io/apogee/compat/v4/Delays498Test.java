package io.apogee.compat.v4;

import io.apogee.testsupport.scenario.DelayScenarios;

/** The delay scenarios with the official 4.9.8 producer and push consumer against Apogee's in-process broker. */
class Delays498Test extends DelayScenarios {
    Delays498Test() {
        super(RocketMq498Driver.ON_TEST_BROKER);
    }
}
