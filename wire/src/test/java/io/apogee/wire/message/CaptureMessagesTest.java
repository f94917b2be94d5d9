package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.BatchBodyReader;
import io.apogee.wire.message.batch.BatchEntry;
import io.apogee.wire.message.batch.EncodeStatus;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.pull.PulledMessage;
import io.apogee.wire.message.record.StoredRecordWriter;
import io.apogee.wire.testing.CaptureFile;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every SEND_BATCH_MESSAGE request body and every PULL_MESSAGE response body of the golden captures decodes to the
 * fields RocketMQ's own decoder printed under {@code body-decoded:}, and re-encodes to the same bytes.
 */
class CaptureMessagesTest {
    private static final Pattern PULLED = Pattern.compile("topic=(\\S+) queueId=(\\d+) queueOffset=(\\d+) commitLogOffset=(\\d+) "
        + "storeSize=(\\d+) sysFlag=(\\d+) bornHost=(\\S+) body=\"(.*)\" properties=\\{(.*)}");
    private static final Pattern BATCHED = Pattern.compile("body=\"(.*)\" properties=\\{(.*)}");

    /** The {@code body-decoded:} lines of each frame of a capture file, by frame number. */
    private static Map<Integer, List<String>> decodedBodies(String file) {
        Map<Integer, List<String>> bodies = new HashMap<>();
        int frame = -1;
        boolean inBody = false;
        for (String line : CaptureFile.lines(file)) {
            if (line.startsWith("=== frame ")) {
                frame = Integer.parseInt(line.substring("=== frame ".length()).trim());
                inBody = false;
            } else if (line.equals("body-decoded:")) {
                inBody = true;
                bodies.put(frame, new ArrayList<>());
            } else if (inBody && line.startsWith("  ")) {
                bodies.get(frame).add(line.trim());
            } else if (line.isBlank()) {
                inBody = false;
            }
        }
        return bodies;
    }

    private static Map<String, String> printedProperties(String text) {
        Map<String, String> map = new TreeMap<>();
        for (String entry : text.split(", ")) {
            int equals = entry.indexOf('=');
            map.put(entry.substring(0, equals), entry.substring(equals + 1));
        }
        return map;
    }

    private static Map<String, String> toMap(PropertiesReader properties) {
        Map<String, String> map = new TreeMap<>();
        while (properties.next()) {
            map.put(properties.name(), properties.value());
        }
        return map;
    }

    @Test
    void batchBodiesDecodeAndReencodeToTheSameBytes() {
        int bodies = 0;
        for (String file : CaptureFile.ALL) {
            Map<Integer, List<String>> decoded = decodedBodies(file);
            for (CaptureFile.Frame frame : CaptureFile.read(file)) {
                if (frame.isResponse() || frame.code() != 320) {
                    continue;
                }
                bodies++;
                byte[] body = frame.body();
                List<String> expected = decoded.get(frame.number());
                BatchBodyReader reader = new BatchBodyReader().wrap(ByteBuffer.wrap(body), 0, body.length);
                assertThat(reader.validate()).as(frame.toString()).isEqualTo(expected.size());
                List<OutboundMessage> again = new ArrayList<>();
                for (String line : expected) {
                    Matcher fields = BATCHED.matcher(line);
                    assertThat(fields.matches()).as(line).isTrue();
                    assertThat(reader.next()).isTrue();
                    BatchEntry entry = reader.entry();
                    String text = new String(RocketMessages.bytes(entry.buffer(), entry.bodyOffset(), entry.bodyLength()),
                        StandardCharsets.UTF_8);
                    assertThat(text).isEqualTo(fields.group(1));
                    assertThat(toMap(entry.properties())).isEqualTo(printedProperties(fields.group(2)));
                    OutboundMessage message = new OutboundMessage().flag(entry.flag()).body(text.getBytes(StandardCharsets.UTF_8));
                    PropertiesReader properties = entry.properties();
                    while (properties.next()) {
                        message.putProperty(properties.name(), properties.value());
                    }
                    again.add(message);
                }
                ByteBuffer encoded = ByteBuffer.allocate(body.length);
                assertThat(new BatchBodyEncoder().encode(again, encoded, 0)).isEqualTo(EncodeStatus.OK);
                assertThat(encoded.array()).isEqualTo(body);
            }
        }
        assertThat(bodies).isEqualTo(2);
    }

    @Test
    void pullBodiesDecodeAndReencodeToTheSameBytes() {
        int messages = 0;
        for (String file : CaptureFile.ALL) {
            Map<Integer, List<String>> decoded = decodedBodies(file);
            for (CaptureFile.Frame frame : CaptureFile.read(file)) {
                if (!frame.isResponse() || !"PULL_MESSAGE".equals(frame.requestName()) || frame.bodyLength() == 0) {
                    continue;
                }
                byte[] body = frame.body();
                List<String> expected = decoded.get(frame.number());
                PullBodyDecoder decoder = new PullBodyDecoder().verifyBodyCrc(true).wrap(ByteBuffer.wrap(body), 0, body.length);
                ByteBuffer reencoded = ByteBuffer.allocate(body.length);
                int at = 0;
                for (String line : expected) {
                    Matcher fields = PULLED.matcher(line);
                    assertThat(fields.matches()).as(line).isTrue();
                    assertThat(decoder.next()).as(frame.toString()).isTrue();
                    PulledMessage message = decoder.message();
                    assertThat(message.topic()).isEqualTo(fields.group(1));
                    assertThat(message.queueId()).isEqualTo(Integer.parseInt(fields.group(2)));
                    assertThat(message.queueOffset()).isEqualTo(Long.parseLong(fields.group(3)));
                    assertThat(message.physicalOffset()).isEqualTo(Long.parseLong(fields.group(4)));
                    assertThat(message.totalSize()).isEqualTo(Integer.parseInt(fields.group(5)));
                    assertThat(message.sysFlag()).isEqualTo(Integer.parseInt(fields.group(6)));
                    assertThat(message.bornHost().toSocketAddress().getAddress().getHostAddress()).isEqualTo(fields.group(7));
                    ByteBuffer view = message.body();
                    assertThat(StandardCharsets.UTF_8.decode(view).toString()).isEqualTo(fields.group(8));
                    Map<String, String> properties = printedProperties(fields.group(9));
                    assertThat(toMap(message.properties())).isEqualTo(properties);
                    assertThat(message.msgId()).isEqualTo(properties.get("UNIQ_KEY"));
                    assertThat(message.tagsCode()).isEqualTo(properties.get("TAGS").hashCode());
                    at += rewrite(message, reencoded, at);
                    messages++;
                }
                assertThat(decoder.next()).isFalse();
                assertThat(reencoded.array()).as(frame.toString()).isEqualTo(body);
            }
        }
        assertThat(messages).isEqualTo(12);
    }

    /** Writes the pulled record again from its fields, copying topic, body and properties bytes. */
    private static int rewrite(PulledMessage m, ByteBuffer destination, int at) {
        return new StoredRecordWriter().queueId(m.queueId()).flag(m.flag()).queueOffset(m.queueOffset())
            .physicalOffset(m.physicalOffset()).sysFlag(m.sysFlag()).bornTimestamp(m.bornTimestamp()).bornHost(m.bornHost())
            .storeTimestamp(m.storeTimestamp()).storeHost(m.storeHost()).reconsumeTimes(m.reconsumeTimes())
            .preparedTransactionOffset(m.preparedTransactionOffset()).topic(m.buffer(), m.topicOffset(), m.topicLength())
            .body(m.buffer(), m.bodyOffset(), m.bodyLength()).properties(m.buffer(), m.propertiesOffset(), m.propertiesLength())
            .write(destination, at);
    }
}
