package io.apogee.compat.v4;

import io.apogee.testsupport.scenario.SendScenarios;

/** The send scenarios with the official 4.9.8 producer and push consumer against Apogee's in-process broker. */
class Sends498Test extends SendScenarios {
    Sends498Test() {
        super(RocketMq498Driver.ON_TEST_BROKER);
    }
}
