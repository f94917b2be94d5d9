package io.apogee.broker;

import io.apogee.testsupport.scenario.SqlFilterScenarios;

/** The SQL92 filter scenarios with the official 5.4.0 clients against Apogee's in-process broker. */
class SqlFilter540Test extends SqlFilterScenarios {
    SqlFilter540Test() {
        super(RocketMq540Driver.ON_TEST_BROKER);
    }
}
