package io.apogee.broker;

import io.apogee.testsupport.scenario.DelayScenarios;

/** The delay scenarios with the official 5.4.0 producer and push consumer against Apogee's in-process broker. */
class Delays540Test extends DelayScenarios {
    Delays540Test() {
        super(RocketMq540Driver.ON_TEST_BROKER);
    }
}
