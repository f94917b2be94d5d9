package io.apogee.broker.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Both forms of Apache RocketMQ 5.4.0's own RegisterBrokerBody, and bodies that are neither. */
class RegisterBodyReaderTest {
    private final RegisterBodyReader reader = new RegisterBodyReader();

    @ParameterizedTest(name = "compressed={0}")
    @ValueSource(booleans = {false, true})
    void readsTheTopicsOfRocketMqsRegisterBody(boolean compressed) throws IOException {
        RegisterBrokerBody body = new RegisterBrokerBody();
        TopicConfig orders = new TopicConfig("Orders", 3, 5, 6);
        body.getTopicConfigSerializeWrapper().getTopicConfigTable().put("Orders", orders);
        body.getTopicConfigSerializeWrapper().getTopicConfigTable().put("TBW102", new TopicConfig("TBW102", 8, 8, 7));

        body.getTopicConfigSerializeWrapper().getDataVersion().nextVersion();
        org.apache.rocketmq.remoting.protocol.DataVersion version = body.getTopicConfigSerializeWrapper().getDataVersion();

        RegisterBodyReader.RegisterBody read = reader.read(Unpooled.wrappedBuffer(body.encode(compressed)), "broker-x");
        Map<String, QueueData> topics = read.topics();

        assertThat(topics).containsOnlyKeys("Orders", "TBW102");
        assertThat(topics.get("Orders")).isEqualTo(new QueueData("broker-x", 3, 5, 6, 0));
        assertThat(topics.get("TBW102").perm()).isEqualTo(7);
        assertThat(read.version()).isEqualTo(new DataVersion(version.getCounter().get(), version.getTimestamp(),
            version.getStateVersion()));
        assertThat(reader.version(Unpooled.wrappedBuffer(version.encode()))).isEqualTo(read.version());
    }

    @Test
    void readsApogeesOwnRegisterBody() throws IOException {
        byte[] json = new RouteJson().registerBody(List.of(new io.apogee.broker.metadata.TopicConfig("T", 2, 4,
            6, "SINGLE_TAG", 0, false)), 1, 2);
        RegisterBodyReader.RegisterBody read = reader.read(Unpooled.wrappedBuffer(json), "b");
        assertThat(read.topics()).containsExactly(Map.entry("T", new QueueData("b", 2, 4, 6, 0)));
        assertThat(read.version()).isEqualTo(new DataVersion(1, 2, 0));
        assertThat(reader.read(Unpooled.EMPTY_BUFFER, "b").topics()).isEmpty();
    }

    @Test
    void stopsInflatingADeflatedBodyAtTheLimit() throws IOException {
        ByteArrayOutputStream deflated = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new DeflaterOutputStream(deflated))) {
            out.writeInt(2);
            out.writeBytes("{}");
            int topics = 200_000; // about 20 MB once inflated, a few hundred KB deflated
            out.writeInt(topics);
            byte[] topic = ("T" + "x".repeat(90) + " 1 1 6").getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < topics; i++) {
                out.writeInt(topic.length);
                out.write(topic);
            }
        }
        RegisterBodyReader bounded = new RegisterBodyReader(1 << 20);

        assertThatThrownBy(() -> bounded.read(Unpooled.wrappedBuffer(deflated.toByteArray()), "b"))
            .isInstanceOf(IOException.class)
            .hasMessage("the deflated body inflates past the limit of 1048576 bytes (registerBodyMaxInflatedSize)");
    }

    @Test
    void rejectsABodyThatIsNeitherForm() {
        assertThatThrownBy(() -> reader.read(Unpooled.wrappedBuffer("[1,2]".getBytes(StandardCharsets.UTF_8)), "b"))
            .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> reader.read(Unpooled.wrappedBuffer(new byte[] {1, 2, 3, 4}), "b"))
            .isInstanceOf(IOException.class);
    }
}
