package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.record.SizeCheck;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageClientExt;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

/**
 * Stored records (the commit-log layout, and what PULL, QUERY and VIEW return) with V1 topics of up to 127 bytes, the
 * only kind RocketMQ 4.9.8 reads, and IPv4 and IPv6 hosts: our {@code StoredRecordWriter} writes 4.9.8's
 * {@code MessageDecoder.encode(MessageExt, false)} byte for byte when it stores the properties string as a 4.x
 * producer sent it, and but for the final 0x02 ({@link FinalSeparator}) when it writes the properties entry by entry;
 * 4.9.8's {@code decode} and {@code decodes} read ours with every field equal.
 */
class StoredRecord498Test {
    private static final int ROUNDS = 800;

    @Test
    void ourRecordsOfAProducersPropertiesStringAre498sByteForByte() throws Exception {
        assertBytes("StoredRecord498Test.text", true);
    }

    @Test
    void ourRecordsOfPropertyEntriesAre498sButForTheFinalSeparator() throws Exception {
        assertBytes("StoredRecord498Test.entries", false);
    }

    private static void assertBytes(String test, boolean propertiesAsText) throws Exception {
        SplittableRandom random = Seeds.random(test);
        for (int i = 0; i < ROUNDS; i++) {
            int bodyLength = i % 50 == 0 ? random.nextInt(200_000) : random.nextInt(800);
            MessageExt message = Messages498.stored(random, RandomText.bytes(random, bodyLength),
                Messages498.sysFlag(random, random.nextBoolean(), random.nextBoolean()));
            StoredRecordWriter writer = Messages498.writer(message, propertiesAsText);
            String context = "round " + i + " " + message;
            assertThat(writer.check()).as(context).isEqualTo(SizeCheck.FITS);
            ByteBuffer buffer = ByteBuffer.allocate(writer.recordSize());
            writer.write(buffer, 0);
            byte[] theirs = MessageDecoder.encode(message, false);
            assertThat(buffer.array()).as(context).isEqualTo(propertiesAsText ? theirs : FinalSeparator.inRecord(theirs));
        }
    }

    @Test
    void decodes498ReadsOurRecordsWithEveryFieldEqual() {
        SplittableRandom random = Seeds.random("StoredRecord498Test.decode");
        for (int i = 0; i < ROUNDS / 2; i++) {
            int count = 1 + random.nextInt(5);
            List<MessageExt> messages = new ArrayList<>();
            List<Integer> offsets = new ArrayList<>();
            ByteBuffer body = ByteBuffer.allocate(count * 4096);
            int at = 0;
            for (int m = 0; m < count; m++) {
                MessageExt message = Messages498.stored(random, RandomText.bytes(random, random.nextInt(1500)),
                    Messages498.sysFlag(random, random.nextBoolean(), random.nextBoolean()));
                messages.add(message);
                offsets.add(at);
                at += Messages498.writer(message, random.nextBoolean()).write(body, at);
            }
            body.limit(at);

            List<MessageExt> decoded = MessageDecoder.decodes(body.duplicate());
            assertThat(decoded).as("round " + i).hasSize(count);
            for (int m = 0; m < count; m++) {
                MessageExt expected = messages.get(m);
                String context = "round " + i + " message " + m;
                MessageExt viaDecodes = decoded.get(m);
                Messages498.assertSameMessage(viaDecodes, expected, context);
                assertThat(((MessageClientExt) viaDecodes).getOffsetMsgId()).as(context)
                    .isEqualTo(MessageDecoder.createMessageId(expected.getStoreHost(), expected.getCommitLogOffset()));
                StoredRecord record = new StoredRecord().wrap(body, offsets.get(m));
                assertThat(viaDecodes.getStoreSize()).as(context).isEqualTo(record.totalSize());
                Messages498.assertSameRecord(record, expected, context);

                MessageExt single = MessageDecoder.decode(body.slice(offsets.get(m), record.totalSize()));
                Messages498.assertSameMessage(single, expected, context + " via decode");
                assertThat(single.getMsgId()).as(context)
                    .isEqualTo(MessageDecoder.createMessageId(expected.getStoreHost(), expected.getCommitLogOffset()));
            }
        }
    }
}
