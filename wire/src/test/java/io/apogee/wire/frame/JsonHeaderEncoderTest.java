package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.code.LanguageCode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.Test;

/** The JSON header encoder: fastjson2's key order, null omission and escaping, for every UTF-16 code unit. */
class JsonHeaderEncoderTest {
    private static String encode(RemotingHeader header) {
        ByteBuffer buffer = ByteBuffer.allocate(JsonHeaderEncoder.measure(header));
        assertThat(JsonHeaderEncoder.write(header, buffer, 0)).isEqualTo(buffer.capacity());
        return new String(buffer.array(), StandardCharsets.UTF_8);
    }

    private static String rocketMqHeader(RemotingCommand command) {
        byte[] frame = RocketMqOracle.encode(command);
        int length = ByteBuffer.wrap(frame).getInt(FrameLayout.TYPE_AND_HEADER_LENGTH_OFFSET) & FrameLayout.HEADER_LENGTH_MASK;
        return new String(frame, FrameLayout.HEADER_OFFSET, length, StandardCharsets.UTF_8);
    }

    @Test
    void writesKeysAlphabeticallyAndLeavesNullsOut() {
        RemotingHeader header = new RemotingHeader().asRequest(105, 0).version(493);
        assertThat(encode(header)).isEqualTo("{\"code\":105,\"flag\":0,\"language\":\"JAVA\",\"opaque\":0,"
            + "\"serializeTypeCurrentRPC\":\"JSON\",\"version\":493}");
        header.language(null).remark("").ext().markPresent();
        assertThat(encode(header)).isEqualTo("{\"code\":105,\"extFields\":{},\"flag\":0,\"opaque\":0,\"remark\":\"\","
            + "\"serializeTypeCurrentRPC\":\"JSON\",\"version\":493}");
        header.ext().putAll(nullValued("a"));
        header.ext().add("b", "1");
        header.ext().putAll(nullValued("c"));
        assertThat(encode(header)).contains("\"extFields\":{\"b\":\"1\"}");
    }

    @Test
    void escapesEveryCodeUnitAsFastjson2Does() {
        StringBuilder all = new StringBuilder();
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            all.append((char) c);
        }
        all.append("\uD83D\uDE00 \uDBFF\uDFFF \uD800\uDC00 \uDC00\uD800 x\uD800");
        String text = all.toString();

        RemotingHeader header = new RemotingHeader().asRequest(1, 2).language(LanguageCode.NODE_JS).remark(text);
        header.ext().add(text, text);
        RemotingCommand command = RemotingCommand.createRequestCommand(1, null);
        command.setOpaque(2);
        command.setLanguage(org.apache.rocketmq.remoting.protocol.LanguageCode.NODE_JS);
        command.setRemark(text);
        HashMap<String, String> ext = new HashMap<>();
        ext.put(text, text);
        command.setExtFields(ext);
        assertThat(encode(header)).isEqualTo(rocketMqHeader(command));
    }

    /**
     * RocketMQ 5.4.0 writes ext keys outside the Basic Multilingual Plane but cannot read them back (fastjson2 2.0.43
     * reports "malformed input"); we write the same bytes and read them back.
     */
    @Test
    void writesAndReadsKeysBeyondTheBasicMultilingualPlane() {
        String key = "k\uD83D\uDE00";
        RemotingHeader header = new RemotingHeader().asRequest(1, 2);
        header.ext().add(key, "v");
        RemotingCommand command = RemotingCommand.createRequestCommand(1, null);
        command.setOpaque(2);
        HashMap<String, String> ext = new HashMap<>();
        ext.put(key, "v");
        command.setExtFields(ext);
        String json = encode(header);
        assertThat(json).isEqualTo(rocketMqHeader(command));
        RemotingHeader decoded = new RemotingHeader();
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        new JsonHeaderDecoder().decode(ByteBuffer.wrap(bytes), 0, bytes.length, decoded);
        assertThat(decoded.ext().get(key)).isEqualTo("v");
    }

    private static HashMap<String, String> nullValued(String key) {
        HashMap<String, String> map = new HashMap<>();
        map.put(key, null);
        return map;
    }
}
