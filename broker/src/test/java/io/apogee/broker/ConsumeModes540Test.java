package io.apogee.broker;

import io.apogee.testsupport.scenario.ConsumeModeScenarios;

/** The consume-mode scenarios with the official 5.4.0 clients against Apogee's in-process broker. */
class ConsumeModes540Test extends ConsumeModeScenarios {
    ConsumeModes540Test() {
        super(RocketMq540Driver.ON_TEST_BROKER);
    }
}
