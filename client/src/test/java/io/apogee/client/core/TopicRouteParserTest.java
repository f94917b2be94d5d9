package io.apogee.client.core;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TopicRouteParserTest {
    /** The route body of the official capture (docs/protocol.md §5, standard JSON). */
    private static final String STANDARD = "{\"brokerDatas\":[{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\"},"
        + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}],"
        + "\"filterServerTable\":{},\"queueDatas\":[{\"brokerName\":\"broker-a\",\"perm\":6,\"readQueueNums\":4,"
        + "\"topicSysFlag\":0,\"writeQueueNums\":4}]}";
    /** fastjson's default form: unquoted numeric keys, a slave, and a read-only broker. */
    private static final String FASTJSON = "{\"brokerDatas\":[{\"brokerAddrs\":{0:\"10.0.0.1:10911\",1:\"10.0.0.2:10911\"},"
        + "\"brokerName\":\"broker-b\",\"cluster\":\"C\"},{\"brokerAddrs\":{0:\"10.0.0.3:10911\"},\"brokerName\":\"broker-c\"}],"
        + "\"queueDatas\":[{\"brokerName\":\"broker-b\",\"perm\":7,\"readQueueNums\":8,\"writeQueueNums\":8},"
        + "{\"brokerName\":\"broker-c\",\"perm\":4,\"readQueueNums\":2,\"writeQueueNums\":2}]}";

    private final TopicRouteParser parser = new TopicRouteParser();

    @Test
    void readsTheStandardRouteOfTheCapture() throws IOException {
        TopicRoute route = parse(STANDARD);

        assertThat(route.masterAddress("broker-a")).isEqualTo("127.0.0.1:10911");
        assertThat(route.writableQueues("T", Integer.MAX_VALUE)).hasSize(4);
        assertThat(route.readableQueues("T")).extracting(MessageQueue::queueId).containsExactly(0, 1, 2, 3);
    }

    @Test
    void readsUnquotedKeysAndHonoursPermissions() throws IOException {
        TopicRoute route = parse(FASTJSON);

        assertThat(route.brokers().get("broker-b")).containsEntry(1L, "10.0.0.2:10911");
        assertThat(route.writableQueues("T", 4)).as("TBW102's 8 queues capped at 4; broker-c is read-only")
            .containsExactly(new MessageQueue("T", "broker-b", 0), new MessageQueue("T", "broker-b", 1),
                new MessageQueue("T", "broker-b", 2), new MessageQueue("T", "broker-b", 3));
        assertThat(route.readableQueues("T")).hasSize(10);
    }

    @Test
    void refusesABodyThatIsNotAnObject() {
        assertThatThrownBy(() -> parse("[1,2]")).isInstanceOf(IOException.class);
    }

    private TopicRoute parse(String json) throws IOException {
        return parser.parse(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }
}
