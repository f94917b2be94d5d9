package io.apogee.bench;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.FrameDecoder;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.CommandHeader;
import io.apogee.wire.header.PullMessageRequestHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;
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
 * serializations. Apogee's side decodes the frame into a reused header and the typed header (names interned),
 * and encodes a typed header into a frame in a supplied buffer. RocketMQ's side is what its broker and client do: {@code RemotingCommand.decode} plus the typed
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

    private final InternTable names = new InternTable(4096, 255);
    private final FrameDecoder frameDecoder = new FrameDecoder();
    private final FrameEncoder frameEncoder = new FrameEncoder();
    private final DecodedFrame decoded = new DecodedFrame();
    private final io.apogee.wire.header.SendMessageRequestHeader send = new io.apogee.wire.header.SendMessageRequestHeader();
    private final PullMessageRequestHeader pull = new PullMessageRequestHeader();
    private final RemotingHeader outgoing = new RemotingHeader();
    private ByteBuffer frameBuffer;
    private ByteBuffer target;
    private CommandHeader typed;

    /** Builds the frame once, and checks that Apogee encodes the very bytes RocketMQ does. */
    @Setup
    public void setUp() {
        workload = Workload.of("1x1024");
        frame = RocketMqHeaders.frame(header, serialization, workload);
        out = Unpooled.directBuffer(4096);
        rocketHeader = RocketMqHeaders.header(header, workload);
        frameBuffer = ByteBuffer.wrap(frame);
        target = ByteBuffer.allocate(4096);
        apogeeDecode();
        typed = "PULL".equals(header) ? pull : send;
        int length = apogeeEncode();
        byte[] ours = Arrays.copyOf(target.array(), length);
        if (!Arrays.equals(ours, frame)) {
            throw new IllegalStateException("Apogee's " + header + " frame in " + serialization + " differs from RocketMQ's:\n"
                + new String(ours, java.nio.charset.StandardCharsets.ISO_8859_1) + "\n"
                + new String(frame, java.nio.charset.StandardCharsets.ISO_8859_1));
        }
    }

    /** Apogee: the frame into a reused header, then its ext fields into the reused typed header. */
    @Benchmark
    public Object apogeeDecode() {
        frameDecoder.decode(frameBuffer, 0, frame.length, decoded);
        RemotingHeader remoting = decoded.header();
        if (remoting.code() == RocketMqHeaders.PULL_MESSAGE) {
            pull.decode(remoting.ext(), names);
            return pull;
        }
        return send.decode(remoting.code(), remoting.ext(), names);
    }

    /** Apogee: the typed header into a reused frame header, written into a supplied buffer. */
    @Benchmark
    public int apogeeEncode() {
        RemotingHeader source = decoded.header();
        outgoing.asRequest(source.code(), source.opaque()).version(source.version()).language(source.language())
            .serializeType(source.serializeType());
        typed.encode(outgoing.ext(), source.serializeType());
        return frameEncoder.encode(outgoing, 0, target, 0);
    }

    /** RocketMQ: the frame (without its length prefix) to a command, then to the typed header. */
    @Benchmark
    public Object rocketmqDecode() throws RemotingCommandException {
        RemotingCommand command = RemotingCommand.decode(ByteBuffer.wrap(frame, 4, frame.length - 4));
        if (command.getCode() == RocketMqHeaders.PULL_MESSAGE) {
            return command.decodeCommandCustomHeader(org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader.class);
        }
        return org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader.parseRequestHeader(command);
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
