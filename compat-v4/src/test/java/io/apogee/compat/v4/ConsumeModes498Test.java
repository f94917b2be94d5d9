package io.apogee.compat.v4;

import io.apogee.testsupport.scenario.ConsumeModeScenarios;

/** The consume-mode scenarios with the official 4.9.8 clients against Apogee's in-process broker. */
class ConsumeModes498Test extends ConsumeModeScenarios {
    ConsumeModes498Test() {
        super(RocketMq498Driver.ON_TEST_BROKER);
    }
}
