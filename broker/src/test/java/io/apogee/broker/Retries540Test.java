package io.apogee.broker;

import io.apogee.testsupport.scenario.RetryScenarios;

/** The retry and dead-letter scenarios with the official 5.4.0 push consumer against Apogee's in-process broker. */
class Retries540Test extends RetryScenarios {
    Retries540Test() {
        super(RocketMq540Driver.ON_TEST_BROKER);
    }
}
