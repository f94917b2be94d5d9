package io.apogee.compat.v4;

import io.apogee.broker.TestCluster;
import io.apogee.testsupport.scenario.ClusterScenarios;

/** The cluster scenarios with the official 4.9.8 clients against two Apogee brokers behind an Apogee name server. */
class Cluster498Test extends ClusterScenarios {
    Cluster498Test() {
        super(RocketMq498Driver.INSTANCE, TestCluster::start);
    }
}
