package io.apogee.broker;

import io.apogee.testsupport.scenario.TransactionScenarios;

/** The transaction scenarios with the official 5.4.0 transaction producer against Apogee's in-process broker. */
class Transactions540Test extends TransactionScenarios {
    Transactions540Test() {
        super(RocketMq540Driver.ON_TEST_BROKER);
    }
}
