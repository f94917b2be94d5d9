package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.BatchBodyReader;
import io.apogee.wire.message.batch.BatchEntry;
import io.apogee.wire.message.batch.EncodeStatus;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

/**
 * SEND_BATCH_MESSAGE bodies: our {@code BatchBodyEncoder}, given the properties in the order 4.9.8's {@code HashMap}
 * iterates them, writes RocketMQ 4.9.8's {@code MessageDecoder.encodeMessages} byte for byte but for the 0x02 that
 * ends each properties string, which 4.9.8 leaves out ({@link FinalSeparator}); 4.9.8's {@code decodeMessages} reads
 * ours with every field equal, and our {@code BatchBodyReader} reads what a 4.x producer sends.
 */
class BatchBody498Test {
    private static final int ROUNDS = 300;

    @Test
    void ourBatchBodiesAre498sButForTheFinalSeparatorAnd498DecodesThem() throws Exception {
        SplittableRandom random = Seeds.random("BatchBody498Test.encode");
        BatchBodyEncoder encoder = new BatchBodyEncoder();
        for (int round = 0; round < ROUNDS; round++) {
            List<Message> theirs = new ArrayList<>();
            List<OutboundMessage> ours = new ArrayList<>();
            int count = 1 + random.nextInt(16);
            for (int i = 0; i < count; i++) {
                byte[] body = RandomText.bytes(random, random.nextInt(20) == 0 ? random.nextInt(70_000) : random.nextInt(300));
                HashMap<String, String> properties = Messages498.properties(random, 10);
                int flag = random.nextInt();
                theirs.add(Messages498.message("BatchTopic", flag, body, properties));
                ours.add(Messages498.outbound("BatchTopic", flag, body, properties));
            }
            byte[] expected = FinalSeparator.inBatch(MessageDecoder.encodeMessages(theirs));
            int offset = random.nextInt(8);
            ByteBuffer destination = ByteBuffer.allocate(offset + expected.length);
            String context = "round " + round;
            assertThat(encoder.encode(ours, destination, offset)).as(context).isEqualTo(EncodeStatus.OK);
            assertThat(encoder.length()).as(context).isEqualTo(expected.length);
            byte[] encoded = new byte[expected.length];
            destination.get(offset, encoded);
            assertThat(encoded).as(context).isEqualTo(expected);

            List<Message> decoded = MessageDecoder.decodeMessages(ByteBuffer.wrap(encoded));
            assertThat(decoded).as(context).hasSize(count);
            for (int i = 0; i < count; i++) {
                assertThat(decoded.get(i).getBody()).as(context).isEqualTo(theirs.get(i).getBody());
                assertThat(decoded.get(i).getFlag()).as(context).isEqualTo(theirs.get(i).getFlag());
                assertThat(decoded.get(i).getProperties()).as(context)
                    .isEqualTo(Messages498.wireProperties(theirs.get(i).getProperties()));
            }
        }
    }

    @Test
    void weRead498sBatchBodies() {
        SplittableRandom random = Seeds.random("BatchBody498Test.read");
        BatchBodyReader reader = new BatchBodyReader();
        for (int round = 0; round < ROUNDS; round++) {
            List<Message> theirs = new ArrayList<>();
            int count = 1 + random.nextInt(16);
            for (int i = 0; i < count; i++) {
                theirs.add(Messages498.message("BatchTopic", random.nextInt(), RandomText.bytes(random, random.nextInt(400)),
                    Messages498.properties(random, 8)));
            }
            byte[] body = MessageDecoder.encodeMessages(theirs);
            reader.wrap(ByteBuffer.wrap(body), 0, body.length);
            String context = "round " + round;
            assertThat(reader.validate()).as(context).isEqualTo(count);
            for (Message expected : theirs) {
                assertThat(reader.next()).as(context).isTrue();
                BatchEntry entry = reader.entry();
                assertThat(entry.flag()).as(context).isEqualTo(expected.getFlag());
                byte[] entryBody = new byte[entry.bodyLength()];
                entry.buffer().get(entry.bodyOffset(), entryBody);
                assertThat(entryBody).as(context).isEqualTo(expected.getBody());
                HashMap<String, String> properties = new HashMap<>();
                var names = entry.properties();
                while (names.next()) {
                    properties.put(names.name(), names.value());
                }
                assertThat(properties).as(context).isEqualTo(Messages498.wireProperties(expected.getProperties()));
            }
            assertThat(reader.next()).as(context).isFalse();
        }
    }
}
