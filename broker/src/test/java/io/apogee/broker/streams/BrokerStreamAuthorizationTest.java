package io.apogee.broker.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.StreamException;
import com.rabbitmq.stream.impl.Client;
import io.apogee.broker.TestBroker;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import io.apogee.testsupport.Await;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One policy set for both protocols: with {@code authorizationEnabled=true}, RabbitMQ's Java stream client may do to a
 * stream what the user's ACL 2.0 policies allow on the Topic of its name (and on the Group of its consumer reference),
 * and is answered ACCESS_REFUSED otherwise. The policies are written with RocketMQ 5.4.0's admin API (codes 3007 and
 * 3008) while the clients stay connected: the next command follows them, a declared publisher that lost Pub gets a
 * publish error ACCESS_REFUSED per message, and a subscription that lost Sub ends with a metadata update.
 */
@Tag("slow") // a broker start and a RocketMQ admin client: about 10 s
class BrokerStreamAuthorizationTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String ROOT = "root";
    private static final long ADMIN_TIMEOUT_MILLIS = 10_000;

    @TempDir
    static Path dir;
    private static TestBroker broker;
    private static DefaultMQAdminExt admin;
    private static EventLoopGroup eventLoops;

    private final List<Client> opened = new ArrayList<>();
    private final List<Short> publishErrors = new CopyOnWriteArrayList<>();
    private final AtomicInteger confirmed = new AtomicInteger();
    private final AtomicInteger received = new AtomicInteger();
    private final List<String> metadataUpdates = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir, Map.of("authenticationEnabled", "true", "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}"));
        for (String name : List.of("writer", "reader", "maker", "late")) {
            broker.context().metadata().users().put(new User(name, name + "-secret", UserType.NORMAL, UserStatus.ENABLE));
        }
        eventLoops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        admin = new DefaultMQAdminExt(new AclClientRPCHook(new SessionCredentials(ROOT, "root-secret")),
            ADMIN_TIMEOUT_MILLIS);
        admin.setNamesrvAddr(broker.address());
        admin.setInstanceName("stream-acl-" + System.nanoTime());
        admin.start();
        grant("writer", "Topic:orders", "Pub");
        grant("reader", List.of("Topic:events", "Group:app"), "Sub");
        grant("maker", "Topic:tmp*", "Create");
    }

    @AfterAll
    static void stop() {
        admin.shutdown();
        broker.close();
        eventLoops.shutdownGracefully();
    }

    @AfterEach
    void closeClients() {
        opened.forEach(Client::close);
        opened.clear();
    }

    @Test
    void aUserWithPubOnOneStreamPublishesThereAndIsRefusedElsewhere() throws Exception {
        Client root = login(ROOT);
        assertThat(root.create("orders").isOk()).isTrue();
        assertThat(root.create("audit").isOk()).isTrue();
        Client writer = login("writer");

        assertThat(writer.declarePublisher((byte) 1, null, "orders").isOk()).isTrue();
        writer.publish((byte) 1, messages(writer, 10));
        Await.until("10 confirms", WAIT, () -> confirmed.get() == 10);

        assertThat(writer.declarePublisher((byte) 2, null, "audit").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        writer.publish((byte) 2, messages(writer, 3));
        Await.until("the publish errors", WAIT, () -> publishErrors.size() == 3);
        assertThat(publishErrors).as("a refused publisher was never declared")
            .containsOnly(Constants.RESPONSE_CODE_PUBLISHER_DOES_NOT_EXIST);
        assertThat(writer.subscribe((byte) 1, "orders", OffsetSpecification.first(), 1).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        assertThat(writer.create("writers-own").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        assertThat(writer.delete("orders").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        Map<String, Client.StreamMetadata> metadata = writer.metadata("orders", "audit");
        assertThat(metadata.get("orders").getResponseCode()).as("Pub may ask a route").isEqualTo(Constants.RESPONSE_CODE_OK);
        assertThat(metadata.get("audit").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);

        assertThat(root.streamStats("orders").getInfo()).containsEntry("committed_offset", 9L);
        assertThat(root.streamStats("audit").getInfo()).as("nothing stored").containsEntry("committed_offset", -1L);
        assertThat(root.metadata("writers-own").get("writers-own").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);

        publishErrors.clear();
        admin.deleteAcl(broker.address(), "User:writer", "Topic:orders");
        writer.publish((byte) 1, messages(writer, 4));
        Await.until("the publish errors", WAIT, () -> publishErrors.size() == 4);
        assertThat(publishErrors).as("the declared publisher lost Pub").containsOnly(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        grant("writer", "Topic:orders", "Pub");
        writer.publish((byte) 1, messages(writer, 2));
        Await.until("2 more confirms", WAIT, () -> confirmed.get() == 12);
        assertThat(root.streamStats("orders").getInfo()).containsEntry("committed_offset", 11L);
    }

    @Test
    void aUserWithSubReadsAndStoresOffsetsButMayNotPublishOrCreate() throws Exception {
        Client root = login(ROOT);
        assertThat(root.create("events").isOk()).isTrue();
        assertThat(root.declarePublisher((byte) 1, null, "events").isOk()).isTrue();
        root.publish((byte) 1, messages(root, 20));
        Await.until("20 confirms", WAIT, () -> confirmed.get() == 20);
        Client reader = login("reader");

        assertThat(reader.subscribe((byte) 1, "events", OffsetSpecification.first(), 10, Map.of("name", "app")).isOk())
            .isTrue();
        Await.until("the 20 messages", WAIT, () -> received.get() == 20);
        reader.storeOffset("app", "events", 19);
        Await.until("the stored offset", WAIT, () -> reader.queryOffset("app", "events").getOffset() == 19);
        assertThat(reader.streamStats("events").isOk()).isTrue();

        assertThat(reader.subscribe((byte) 2, "events", OffsetSpecification.first(), 1, Map.of("name", "billing"))
            .getResponseCode()).as("no Sub on Group:billing").isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        assertThat(reader.queryOffset("billing", "events").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        reader.storeOffset("billing", "events", 3);
        assertThat(reader.queryOffset("app", "events").isOk()).as("the store before it was handled").isTrue();
        assertThat(root.queryOffset("billing", "events").getResponseCode()).as("not stored")
            .isEqualTo(Constants.RESPONSE_CODE_NO_OFFSET);
        assertThat(reader.declarePublisher((byte) 1, null, "events").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        assertThat(reader.create("readers-own").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        assertThat(reader.subscribe((byte) 3, "orders", OffsetSpecification.first(), 1).getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);

        admin.deleteAcl(broker.address(), "User:reader", "Group:app");
        Await.until("the subscription's end", WAIT, () -> !metadataUpdates.isEmpty());
        assertThat(metadataUpdates).as("its consumer reference lost Sub")
            .containsExactly("events " + Constants.RESPONSE_CODE_STREAM_NOT_AVAILABLE);
        grant("reader", "Group:app", "Sub");
    }

    @Test
    void createAndDeleteNeedCreateAndDeleteAndAPolicyChangedAtRunTimeDecidesTheNextCommand() throws Exception {
        Client maker = login("maker");
        assertThat(maker.create("tmp-1").isOk()).isTrue();
        assertThat(maker.create("kept").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        assertThat(maker.delete("tmp-1").getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        try (Environment environment = environment("maker")) {
            environment.streamCreator().name("tmp-super").superStream().partitions(2).creator().create();
            assertThat(maker.partitions("tmp-super")).as("no Get on them").isEmpty();
            assertThatThrownBy(() -> environment.deleteSuperStream("tmp-super")).isInstanceOf(StreamException.class)
                .extracting(e -> ((StreamException) e).getCode()).isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);

            grant("maker", "Topic:tmp*", "Create", "Delete", "Get");
            assertThat(maker.delete("tmp-1").isOk()).as("on the same connection").isTrue();
            assertThat(maker.partitions("tmp-super")).containsExactly("tmp-super-0", "tmp-super-1");
            environment.deleteSuperStream("tmp-super");
        }
        assertThat(login(ROOT).metadata("tmp-super-0").get("tmp-super-0").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);

        Client late = login("late");
        assertThat(late.create("tmp-late").getResponseCode()).as("no ACL yet").isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
        grant("late", "Topic:tmp-late*", "Create");
        assertThat(late.create("tmp-late").isOk()).isTrue();
        admin.deleteAcl(broker.address(), "User:late", "Topic:tmp-late*");
        assertThat(late.create("tmp-late-2").getResponseCode()).as("revoked")
            .isEqualTo(Constants.RESPONSE_CODE_ACCESS_REFUSED);
    }

    @Test
    void aSuperUserDoesEverything() throws Exception {
        Client root = login(ROOT);
        assertThat(root.create("root-stream").isOk()).isTrue();
        assertThat(root.declarePublisher((byte) 1, "root-publisher", "root-stream").isOk()).isTrue();
        root.publish((byte) 1, messages(root, 5));
        Await.until("5 confirms", WAIT, () -> confirmed.get() == 5);
        assertThat(root.queryPublisherSequence("root-publisher", "root-stream")).as("the last publishing id, counted from 0").isEqualTo(4);
        assertThat(root.subscribe((byte) 1, "root-stream", OffsetSpecification.first(), 10, Map.of("name", "any"))
            .isOk()).isTrue();
        Await.until("the 5 messages", WAIT, () -> received.get() == 5);
        root.storeOffset("any", "root-stream", 4);
        Await.until("the stored offset", WAIT, () -> root.queryOffset("any", "root-stream").getOffset() == 4);
        assertThat(root.streamStats("root-stream").isOk()).isTrue();
        try (Environment environment = environment(ROOT)) {
            environment.streamCreator().name("root-super").superStream().partitions(2).creator().create();
            assertThat(root.route("0", "root-super")).isNotEmpty();
            assertThat(root.partitions("root-super")).containsExactly("root-super-0", "root-super-1");
            environment.deleteSuperStream("root-super");
        }
        assertThat(root.unsubscribe((byte) 1).isOk()).isTrue();
        assertThat(root.delete("root-stream").isOk()).isTrue();
    }

    private static void grant(String user, String resource, String... actions) throws Exception {
        grant(user, List.of(resource), actions);
    }

    /** Writes, with RocketMQ's admin API signed by the super user, an entry allowing {@code actions} on each resource. */
    private static void grant(String user, List<String> resources, String... actions) throws Exception {
        admin.updateAcl(broker.address(), "User:" + user, resources, List.of(actions), List.of(), "Allow");
    }

    private Client login(String user) {
        Client client = new Client(new Client.ClientParameters().host("127.0.0.1").port(broker.context().streamPort())
            .username(user).password(user + "-secret").rpcTimeout(WAIT).eventLoopGroup(eventLoops)
            .publishConfirmListener((publisherId, publishingId) -> confirmed.incrementAndGet())
            .publishErrorListener((publisherId, publishingId, code) -> publishErrors.add(code))
            .chunkListener((c, subscriptionId, offset, messageCount, dataSize) -> {
                c.credit(subscriptionId, 1);
                return null;
            })
            .messageListener((subscriptionId, offset, chunkTimestamp, committedChunkId, chunkContext, message) ->
                received.incrementAndGet())
            .metadataListener((stream, code) -> metadataUpdates.add(stream + " " + code)));
        opened.add(client);
        return client;
    }

    private Environment environment(String user) {
        return Environment.builder().host("127.0.0.1").port(broker.context().streamPort()).username(user)
            .password(user + "-secret").build();
    }

    private static List<com.rabbitmq.stream.Message> messages(Client client, int count) {
        List<com.rabbitmq.stream.Message> messages = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            messages.add(client.messageBuilder().addData(("m" + i).getBytes(StandardCharsets.UTF_8)).build());
        }
        return messages;
    }
}
