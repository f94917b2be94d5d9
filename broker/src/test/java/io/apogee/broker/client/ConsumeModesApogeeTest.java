package io.apogee.broker.client;

import io.apogee.testsupport.scenario.ConsumeModeScenarios;
import org.junit.jupiter.api.Tag;

/**
 * The consume-mode scenarios with Apogee's push consumer against Apogee's in-process broker: rebalance, start points and
 * tag filters. The client has no lite pull consumer and no broadcast mode, so those scenarios are skipped.
 */
@Tag("slow")
class ConsumeModesApogeeTest extends ConsumeModeScenarios {
    ConsumeModesApogeeTest() {
        super(ApogeeDriver.ON_TEST_BROKER);
    }
}
