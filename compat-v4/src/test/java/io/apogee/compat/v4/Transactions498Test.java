package io.apogee.compat.v4;

import io.apogee.testsupport.scenario.TransactionScenarios;

/** The transaction scenarios with the official 4.9.8 transaction producer against Apogee's in-process broker. */
class Transactions498Test extends TransactionScenarios {
    Transactions498Test() {
        super(RocketMq498Driver.ON_TEST_BROKER);
    }
}
