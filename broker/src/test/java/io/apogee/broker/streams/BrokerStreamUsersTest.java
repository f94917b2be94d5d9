package io.apogee.broker.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.AuthenticationFailureException;
import com.rabbitmq.stream.impl.Client;
import io.apogee.broker.TestBroker;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One user table for both protocols: with {@code authenticationEnabled=true}, RabbitMQ's Java stream client logs in to
 * the stream port as the broker's ACL users (created at start or later, as mqadmin's createUser does), and neither a
 * disabled user, a wrong password nor the {@code streamUsers} of the config get in. With it off, {@code streamUsers}
 * do. Authorization is off here: a logged-in user may do anything (see BrokerStreamAuthorizationTest).
 */
@Tag("slow") // two broker starts: about 15 s
class BrokerStreamUsersTest {
    private static final Duration RPC_TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    private final EventLoopGroup eventLoops = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final List<Client> opened = new ArrayList<>();

    @AfterEach
    void close() {
        closeClients();
        eventLoops.shutdownGracefully();
    }

    /** Closes the clients while their broker still answers their close. */
    private void closeClients() {
        opened.forEach(Client::close);
        opened.clear();
    }

    @Test
    void withAuthenticationOnStreamClientsLogInAsTheBrokersUsers() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("authenticationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}",
            "streamUsers", "guest:guest"))) {
            broker.context().metadata().users().put(new User("alice", "alice-secret", UserType.NORMAL, UserStatus.ENABLE));
            broker.context().metadata().users().put(new User("carol", "carol-secret", UserType.NORMAL,
                UserStatus.DISABLE));
            int port = broker.context().streamPort();

            assertThat(login(port, "root", "root-secret").metadata("nowhere")).containsKey("nowhere");
            assertThat(login(port, "alice", "alice-secret").metadata("nowhere")).containsKey("nowhere");
            for (String[] refused : List.of(new String[] {"alice", "wrong"}, new String[] {"carol", "carol-secret"},
                new String[] {"guest", "guest"}, new String[] {"nobody", "root-secret"})) {
                assertThatThrownBy(() -> login(port, refused[0], refused[1])).as(refused[0])
                    .isInstanceOf(AuthenticationFailureException.class);
            }
            broker.context().metadata().users().put(new User("alice", "new-secret", UserType.NORMAL, UserStatus.ENABLE));
            assertThatThrownBy(() -> login(port, "alice", "alice-secret")).as("the old password")
                .isInstanceOf(AuthenticationFailureException.class);
            assertThat(login(port, "alice", "new-secret").metadata("nowhere")).containsKey("nowhere");
            assertThat(login(port, "alice", "new-secret").create("alices").isOk())
                .as("authorization off: a user with no ACL may do anything").isTrue();
            closeClients();
        }
    }

    @Test
    void withAuthenticationOffTheConfiguredStreamUsersLogIn() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("streamUsers", "app:app-secret"))) {
            int port = broker.context().streamPort();
            assertThat(login(port, "app", "app-secret").metadata("nowhere")).containsKey("nowhere");
            assertThatThrownBy(() -> login(port, "guest", "guest")).isInstanceOf(AuthenticationFailureException.class);
            closeClients();
        }
    }

    private Client login(int port, String user, String password) {
        Client client = new Client(new Client.ClientParameters().host("127.0.0.1").port(port).username(user)
            .password(password).rpcTimeout(RPC_TIMEOUT).eventLoopGroup(eventLoops));
        opened.add(client);
        return client;
    }
}
