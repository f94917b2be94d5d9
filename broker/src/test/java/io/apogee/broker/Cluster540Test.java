package io.apogee.broker;

import io.apogee.testsupport.scenario.ClusterScenarios;

/** The cluster scenarios with the official 5.4.0 clients against two Apogee brokers behind an Apogee name server. */
class Cluster540Test extends ClusterScenarios {
    Cluster540Test() {
        super(RocketMq540Driver.INSTANCE, TestCluster::start);
    }
}
