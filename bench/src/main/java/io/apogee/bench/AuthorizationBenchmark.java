package io.apogee.bench;

import io.apogee.broker.auth.authorization.Acl;
import io.apogee.broker.auth.authorization.AclStore;
import io.apogee.broker.auth.authorization.Action;
import io.apogee.broker.auth.authorization.AuthorizationSettings;
import io.apogee.broker.auth.authorization.Authorizer;
import io.apogee.broker.auth.authorization.Decision;
import io.apogee.broker.auth.authorization.Policy;
import io.apogee.broker.auth.authorization.PolicyEntry;
import io.apogee.broker.auth.authorization.PolicyType;
import io.apogee.broker.auth.authorization.Resource;
import io.apogee.broker.auth.authorization.SourceIps;
import io.apogee.broker.auth.authorization.UserDirectory;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The authorization check of a send and of a pull by a user whose ACL has {@code entries} entries (prefixes and
 * literals, the allowing one last): with its decision cached, as every request after a connection's first is, and
 * with the cache dropped before each check, as after every ACL change.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class AuthorizationBenchmark {
    private static final String IP = "10.1.4.2";

    /** Entries in the user's ACL. */
    @Param({"4", "64"})
    public int entries;

    private Authorizer authorizer;
    private final RemotingHeader send = new RemotingHeader().code(RequestCode.SEND_MESSAGE_V2);
    private final RemotingHeader pull = new RemotingHeader().code(RequestCode.PULL_MESSAGE);

    /** One user with one ACL, in files kept in memory. */
    @Setup
    public void setUp() {
        AclStore acls = AclStore.open(new MetadataFiles() {
            @Override
            public byte[] read(String name) {
                return null;
            }

            @Override
            public void replace(String name, ByteBuffer content) {
                // kept in memory only
            }
        });
        List<PolicyEntry> list = new ArrayList<>();
        for (int i = 0; i < entries - 2; i++) {
            list.add(new PolicyEntry(Resource.parse(i % 2 == 0 ? "Topic:other" + i + "*" : "Topic:other" + i),
                List.of(Action.PUB, Action.SUB), new SourceIps(List.of("10.0.0.0/8")), Decision.ALLOW));
        }
        list.add(new PolicyEntry(Resource.parse("Group:billing"), List.of(Action.SUB), SourceIps.EVERY, Decision.ALLOW));
        list.add(new PolicyEntry(Resource.parse("Topic:ord*"), List.of(Action.PUB, Action.SUB),
            new SourceIps(List.of("10.0.0.0/8")), Decision.ALLOW));
        acls.put(new Acl("User:app", List.of(new Policy(PolicyType.CUSTOM, list))));
        authorizer = new Authorizer(new AuthorizationSettings(true, Set.of()), acls,
            name -> UserDirectory.UserKind.NORMAL, "DefaultCluster");
        send.ext().add("a", "producer").add("b", "orders").add(Authorizer.ACCESS_KEY, "app");
        pull.ext().add("consumerGroup", "billing").add("topic", "orders").add(Authorizer.ACCESS_KEY, "app");
    }

    /** A send whose decision is cached. */
    @Benchmark
    public String sendCached() {
        return authorizer.check(send, null, IP);
    }

    /** A pull (topic and group) whose decisions are cached. */
    @Benchmark
    public String pullCached() {
        return authorizer.check(pull, null, IP);
    }

    /** A send decided from the ACL: the cache is dropped first. */
    @Benchmark
    public String sendUncached() {
        authorizer.invalidate();
        return authorizer.check(send, null, IP);
    }
}
