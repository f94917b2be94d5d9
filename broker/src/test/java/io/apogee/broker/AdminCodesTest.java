package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin codes through the official admin API (mqadmin's DefaultMQAdminExt 5.4.0): cluster info, update-and-create
 * topic, get all topic config, the topic list and the name server's KV config, both surviving a restart.
 */
class AdminCodesTest {
    private static final long TIMEOUT_MILLIS = 5_000;
    private static final String NAMESPACE = "ORDER_TOPIC_CONFIG";

    @TempDir
    Path dir;

    @Test
    void topicsAndKvConfigAreAdministeredAndSurviveARestart() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            DefaultMQAdminExt admin = admin(broker);
            try {
                ClusterInfo cluster = admin.examineBrokerClusterInfo();
                assertThat(cluster.getClusterAddrTable().get("DefaultCluster")).containsExactly("broker-a");
                String brokerAddress = cluster.getBrokerAddrTable().get("broker-a").getBrokerAddrs().get(0L);
                assertThat(brokerAddress).isEqualTo(broker.address());

                admin.createAndUpdateTopicConfig(brokerAddress, new TopicConfig("AdminTopic", 3, 5, 6));
                QueueData queues = admin.examineTopicRouteInfo("AdminTopic").getQueueDatas().get(0);
                assertThat(queues.getReadQueueNums()).isEqualTo(3);
                assertThat(queues.getWriteQueueNums()).isEqualTo(5);
                assertThat(queues.getPerm()).isEqualTo(6);
                TopicConfig exported = admin.getAllTopicConfig(brokerAddress, TIMEOUT_MILLIS).getTopicConfigTable()
                    .get("AdminTopic");
                assertThat(exported.getReadQueueNums()).isEqualTo(3);
                assertThat(exported.getWriteQueueNums()).isEqualTo(5);
                assertThat(admin.fetchAllTopicList().getTopicList()).contains("AdminTopic", "TBW102");
                assertThatThrownBy(() -> admin.createAndUpdateTopicConfig(brokerAddress, new TopicConfig("TBW102", 1, 1, 6)))
                    .isInstanceOfSatisfying(MQClientException.class, e -> {
                        assertThat(e.getResponseCode()).isEqualTo(29);
                        assertThat(e.getErrorMessage()).contains("conflict with system topic");
                    });

                admin.createAndUpdateKvConfig(NAMESPACE, "AdminTopic", "broker-a:3");
                admin.createAndUpdateKvConfig(NAMESPACE, "Other", "broker-a:1");
                assertThat(admin.getKVConfig(NAMESPACE, "AdminTopic")).isEqualTo("broker-a:3");
                assertThat(admin.getKVListByNamespace(NAMESPACE).getTable())
                    .containsEntry("AdminTopic", "broker-a:3").containsEntry("Other", "broker-a:1");
                admin.deleteKvConfig(NAMESPACE, "Other");
                assertThatThrownBy(() -> admin.getKVConfig(NAMESPACE, "Other"))
                    .isInstanceOfSatisfying(MQClientException.class, e -> assertThat(e.getResponseCode()).isEqualTo(22));
            } finally {
                admin.shutdown();
            }
        }
        try (TestBroker restarted = TestBroker.start(dir)) {
            DefaultMQAdminExt admin = admin(restarted);
            try {
                assertThat(admin.getKVConfig(NAMESPACE, "AdminTopic")).isEqualTo("broker-a:3");
                assertThat(admin.examineTopicRouteInfo("AdminTopic").getQueueDatas().get(0).getWriteQueueNums()).isEqualTo(5);
            } finally {
                admin.shutdown();
            }
        }
    }

    private static DefaultMQAdminExt admin(TestBroker broker) throws MQClientException {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(TIMEOUT_MILLIS);
        admin.setNamesrvAddr(broker.address());
        admin.setInstanceName("admin-" + System.nanoTime());
        admin.start();
        return admin;
    }
}
