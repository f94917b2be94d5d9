package io.apogee.broker;

import io.apogee.testsupport.scenario.SendScenarios;

/** The send scenarios with the official 5.4.0 producer and push consumer against Apogee's in-process broker. */
class Sends540Test extends SendScenarios {
    Sends540Test() {
        super(RocketMq540Driver.ON_TEST_BROKER);
    }
}
