package io.apogee.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
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
 * Decoding and encoding the two hottest request headers, SEND_MESSAGE_V2 and PULL_MESSAGE, in both
 * serializations. RocketMQ's side is what its broker and client do: {@code RemotingCommand.decode} plus the typed
 * header (the broker's {@code parseRequestHeader} for SEND), and {@code fastEncodeHeader} into a reused buffer.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HeaderCodecBenchmark {
    /** Which header. */
    @Param({"SEND_V2", "PULL"})
    public String header;

    /** Which header serialization. */
    @Param({"JSON", "ROCKETMQ"})
    public String serialization;

    private Workload workload;
    private byte[] frame;
    private ByteBuf out;
    private CommandCustomHeader rocketHeader;

    /** Builds the frame once. */
    @Setup
    public void setUp() {
        workload = Workload.of("1x1024");
        frame = RocketMqHeaders.frame(header, serialization, workload);
        out = Unpooled.directBuffer(4096);
        rocketHeader = RocketMqHeaders.header(header, workload);
    }

    /** RocketMQ: the frame (without its length prefix) to a command, then to the typed header. */
    @Benchmark
    public Object rocketmqDecode() throws RemotingCommandException {
        RemotingCommand command = RemotingCommand.decode(ByteBuffer.wrap(frame, 4, frame.length - 4));
        if (command.getCode() == RocketMqHeaders.PULL_MESSAGE) {
            return command.decodeCommandCustomHeader(PullMessageRequestHeader.class);
        }
        return SendMessageRequestHeader.parseRequestHeader(command);
    }

    /** RocketMQ: a request command from the typed header, its header written into a reused buffer. */
    @Benchmark
    public ByteBuf rocketmqEncode() {
        RemotingCommand command = RemotingCommand.createRequestCommand(RocketMqHeaders.code(header), rocketHeader);
        command.setSerializeTypeCurrentRPC(SerializeType.valueOf(serialization));
        out.clear();
        command.fastEncodeHeader(out);
        return out;
    }
}
