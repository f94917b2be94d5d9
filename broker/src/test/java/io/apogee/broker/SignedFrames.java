package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;

/**
 * Requests as the official 5.4.0 client builds and signs them (AclClientRPCHook), as raw frames in either header
 * serialization, so that a test can change them after signing and send them to any broker over a socket.
 */
final class SignedFrames {
    private static final int TIMEOUT_MILLIS = 10_000;
    /** Where a ROCKETMQ header's ext-field map starts when it has no remark: code, language, version, opaque, flag, lengths. */
    private static final int BINARY_EXT_START = 2 + 1 + 2 + 4 + 4 + 4 + 4;

    private SignedFrames() {
    }

    /** A SEND_MESSAGE to queue 0 of {@code topic}, as the official client builds it, and its typed header. */
    record Signed(RemotingCommand command, SendMessageRequestHeader header) {
    }

    static Signed unsigned(String topic, String body, SerializeType type) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("raw-producer");
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(0);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        // not empty: a ROCKETMQ header writes "" as a null value, which no server can verify
        header.setProperties("KEYS\u0001k1\u0002");
        header.setReconsumeTimes(0);
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.SEND_MESSAGE, header);
        command.setBody(body.getBytes(StandardCharsets.UTF_8));
        command.setSerializeTypeCurrentRPC(type);
        return new Signed(command, header);
    }

    static Signed signed(String topic, String body, SessionCredentials credentials, SerializeType type) {
        Signed request = unsigned(topic, body, type);
        new AclClientRPCHook(credentials).doBeforeRequest(null, request.command);
        return request;
    }

    /** The frame RocketMQ's encoder makes of {@code command}: length, serialization and header length, header, body. */
    static byte[] frame(RemotingCommand command) {
        byte[] body = command.getBody() == null ? new byte[0] : command.getBody();
        ByteBuffer header = command.encodeHeader(body.length);
        byte[] frame = new byte[header.remaining() + body.length];
        header.get(frame, 0, header.remaining());
        System.arraycopy(body, 0, frame, frame.length - body.length, body.length);
        return frame;
    }

    /**
     * The frame of {@code request} with one more {@code key = value} ext field, placed before the others or after
     * them, in the request's own serialization.
     */
    static byte[] withDuplicate(Signed request, String key, String value, boolean first) {
        byte[] frame = frame(request.command);
        int headerLength = ByteBuffer.wrap(frame, 4, 4).getInt() & 0xFFFFFF;
        byte[] header = Arrays.copyOfRange(frame, 8, 8 + headerLength);
        byte[] body = Arrays.copyOfRange(frame, 8 + headerLength, frame.length);
        byte[] changed;
        if (request.command.getSerializeTypeCurrentRPC() == SerializeType.JSON) {
            String json = new String(header, StandardCharsets.UTF_8);
            String entry = "\"" + key + "\":\"" + value + "\"";
            changed = (first ? json.replace("\"extFields\":{", "\"extFields\":{" + entry + ",")
                : json.replace("},\"flag\":", "," + entry + "},\"flag\":")).getBytes(StandardCharsets.UTF_8);
            assertThat(changed).isNotEqualTo(header);
        } else {
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            byte[] v = value.getBytes(StandardCharsets.UTF_8);
            ByteBuffer pair = ByteBuffer.allocate(2 + k.length + 4 + v.length).putShort((short) k.length).put(k)
                .putInt(v.length).put(v);
            int at = first ? BINARY_EXT_START : header.length;
            ByteBuffer out = ByteBuffer.allocate(header.length + pair.capacity());
            out.put(header, 0, at).put(pair.array()).put(header, at, header.length - at);
            changed = out.array();
            int extLength = ByteBuffer.wrap(changed, BINARY_EXT_START - 4, 4).getInt();
            ByteBuffer.wrap(changed, BINARY_EXT_START - 4, 4).putInt(extLength + pair.capacity());
        }
        ByteBuffer result = ByteBuffer.allocate(8 + changed.length + body.length);
        result.putInt(4 + changed.length + body.length).putInt(frame[4] << 24 | changed.length).put(changed).put(body);
        return result.array();
    }

    /**
     * Writes {@code frame} to {@code port} on a connection of its own and reads the answer. Requests the broker sends
     * first are skipped: a heartbeat, for one, may be followed by NOTIFY_CONSUMER_IDS_CHANGED before its answer.
     */
    static RemotingCommand send(int port, byte[] frame) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(frame);
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            RemotingCommand answer;
            do {
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                answer = RemotingCommand.decode(ByteBuffer.wrap(bytes));
            } while (!answer.isResponseType());
            return answer;
        }
    }
}
