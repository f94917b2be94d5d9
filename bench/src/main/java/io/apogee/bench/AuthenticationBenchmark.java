package io.apogee.bench;

import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import io.apogee.transport.auth.Authenticator;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.AclSigner;
import org.apache.rocketmq.acl.common.AclUtils;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
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
 * The cost of checking one signed SEND_MESSAGE_V2 (the official 5.4.0 client's header, signed by its
 * AclClientRPCHook) with a body of {@code bodySize} bytes. Apogee's side is the broker's {@link Authenticator} over
 * the decoded header (sort, one cached Mac per thread, constant-time compare). RocketMQ's side is what its
 * {@code DefaultAuthenticationContextBuilder} and {@code DefaultAuthenticationHandler} do: a sorted map of the
 * fields, the joined bytes, a new Mac and the Base64 compare.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class AuthenticationBenchmark {
    /** The body's length in bytes. */
    @Param({"128", "4096"})
    public int bodySize;

    private static final String SECRET = "alice-secret";
    private final Authenticator authenticator = new Authenticator(
        Map.of("alice", new User("alice", SECRET, UserType.NORMAL, UserStatus.ENABLE))::get);
    private RemotingHeader header;
    private ByteBuf body;
    private RemotingCommand command;

    /** Signs one send as the official client does. */
    @Setup
    public void setUp() {
        SendMessageRequestHeader send = new SendMessageRequestHeader();
        send.setProducerGroup("bench-producer");
        send.setTopic("BenchTopic");
        send.setDefaultTopic("TBW102");
        send.setDefaultTopicQueueNums(4);
        send.setQueueId(3);
        send.setSysFlag(0);
        send.setBornTimestamp(1_700_000_000_000L);
        send.setFlag(0);
        send.setProperties("KEYS\u0001order-1\u0002UNIQ_KEY\u00017F0000010001000000000000000000\u0002WAIT\u0001true\u0002");
        send.setReconsumeTimes(0);
        send.setUnitMode(false);
        send.setBatch(false);
        command = RemotingCommand.createRequestCommand(RequestCode.SEND_MESSAGE_V2,
            SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(send));
        command.setBody(new byte[bodySize]);
        new AclClientRPCHook(new SessionCredentials("alice", SECRET)).doBeforeRequest(null, command);
        header = new RemotingHeader().asRequest(command.getCode(), 1).version(ProtocolVersion.V5_4_0);
        header.ext().putAll(command.getExtFields());
        body = Unpooled.directBuffer(bodySize).writeBytes(command.getBody());
        if (authenticator.refusal(header, body) != null || !rocketmq()) {
            throw new IllegalStateException("the signed request does not pass");
        }
    }

    /** Apogee's check. */
    @Benchmark
    public String apogee() {
        return authenticator.refusal(header, body);
    }

    /** RocketMQ's check, as its broker runs it. */
    @Benchmark
    public boolean rocketmq() {
        Map<String, String> fields = command.getExtFields();
        SortedMap<String, String> sorted = new TreeMap<>();
        for (Map.Entry<String, String> entry : fields.entrySet()) {
            if (!SessionCredentials.SIGNATURE.equals(entry.getKey())) {
                sorted.put(entry.getKey(), entry.getValue());
            }
        }
        byte[] content = AclUtils.combineRequestContent(command, sorted);
        String expected = AclSigner.calSignature(content, SECRET);
        return java.security.MessageDigest.isEqual(expected.getBytes(AclSigner.DEFAULT_CHARSET),
            fields.get(SessionCredentials.SIGNATURE).getBytes(AclSigner.DEFAULT_CHARSET));
    }
}
