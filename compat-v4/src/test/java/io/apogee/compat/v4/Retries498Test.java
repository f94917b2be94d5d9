package io.apogee.compat.v4;

import io.apogee.testsupport.scenario.RetryScenarios;

/** The retry and dead-letter scenarios with the official 4.9.8 push consumer against Apogee's in-process broker. */
class Retries498Test extends RetryScenarios {
    Retries498Test() {
        super(RocketMq498Driver.ON_TEST_BROKER);
    }
}
