package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.pull.PulledMessage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

/**
 * Our {@code PullBodyDecoder} reads PULL bodies made of RocketMQ 4.9.8-encoded records (IPv4 and IPv6 hosts, V1
 * topics, properties without the final separator) with every field equal, and gives each message the id 4.9.8's
 * client gives it: UNIQ_KEY when present, else the offset message id.
 */
class PullBody498Test {
    private static final int ROUNDS = 300;

    @Test
    void weRead498EncodedPullBodies() throws Exception {
        SplittableRandom random = Seeds.random("PullBody498Test");
        PullBodyDecoder decoder = new PullBodyDecoder().verifyBodyCrc(true);
        for (int round = 0; round < ROUNDS; round++) {
            int count = 1 + random.nextInt(8);
            List<MessageExt> messages = new ArrayList<>();
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (int m = 0; m < count; m++) {
                MessageExt message = Messages498.stored(random, RandomText.bytes(random, random.nextInt(2000)),
                    Messages498.sysFlag(random, random.nextBoolean(), random.nextBoolean()));
                if (random.nextInt(3) == 0) {
                    MessageAccessor.putProperty(message, "UNIQ_KEY", MessageClientIDSetter.createUniqID());
                }
                messages.add(message);
                body.write(MessageDecoder.encode(message, false));
            }
            byte[] bytes = body.toByteArray();
            List<MessageExt> clientView = MessageDecoder.decodes(ByteBuffer.wrap(bytes));
            int offset = random.nextInt(16);
            ByteBuffer buffer = ByteBuffer.allocateDirect(offset + bytes.length).put(offset, bytes);
            decoder.wrap(buffer, offset, bytes.length);
            assertThat(decoder.count()).as("round " + round).isEqualTo(count);
            for (int m = 0; m < count; m++) {
                String context = "round " + round + " message " + m;
                assertThat(decoder.next()).as(context).isTrue();
                PulledMessage pulled = decoder.message();
                Messages498.assertSameRecord(pulled, messages.get(m), context);
                assertThat(pulled.msgId()).as(context).isEqualTo(clientView.get(m).getMsgId());
                assertThat(pulled.offsetMsgId()).as(context)
                    .isEqualTo(MessageDecoder.createMessageId(messages.get(m).getStoreHost(), messages.get(m).getCommitLogOffset()));
            }
            assertThat(decoder.next()).as("round " + round).isFalse();
        }
    }
}
