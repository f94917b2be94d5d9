package io.apogee.compat.v4;

import io.apogee.testsupport.scenario.SqlFilterScenarios;

/** The SQL92 filter scenarios with the official 4.9.8 clients against Apogee's in-process broker. */
class SqlFilter498Test extends SqlFilterScenarios {
    SqlFilter498Test() {
        super(RocketMq498Driver.ON_TEST_BROKER);
    }
}
