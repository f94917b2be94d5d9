package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.id.OffsetMessageId;
import io.apogee.wire.message.id.UniqueKey;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageId;
import org.junit.jupiter.api.Test;

/**
 * Message ids against RocketMQ 4.9.8: offset message ids (store host and commit-log offset, IPv4 and IPv6) equal
 * {@code MessageDecoder.createMessageId} and parse both ways with {@code decodeMessageId}; UNIQ_KEYs of
 * {@code MessageClientIDSetter} have our layout, and 4.9.8 reads ours (ip, pid, creation time) as we do.
 */
class MessageIds498Test {
    private static final int ROUNDS = 500;
    private static final ZoneId ZONE = ZoneId.systemDefault();
    private static final long HOUR = 3_600_000L;

    @Test
    void offsetMessageIdsEqual498sAndParseBothWays() throws Exception {
        SplittableRandom random = Seeds.random("MessageIds498Test.offset");
        OffsetMessageId parser = new OffsetMessageId();
        for (int i = 0; i < ROUNDS; i++) {
            InetSocketAddress address = Messages498.address(random, random.nextBoolean());
            long offset = random.nextInt(4) == 0 ? random.nextInt(1000) : random.nextLong(Long.MAX_VALUE);
            HostAddress host = HostAddress.of(address);
            String theirs = MessageDecoder.createMessageId(address, offset);
            String context = address + " offset " + offset;
            assertThat(OffsetMessageId.of(host, offset)).as(context).isEqualTo(theirs);

            MessageId decoded = MessageDecoder.decodeMessageId(OffsetMessageId.of(host, offset));
            assertThat(decoded.getAddress()).as(context).isEqualTo(address);
            assertThat(decoded.getOffset()).as(context).isEqualTo(offset);

            assertThat(parser.parse(theirs)).as(context).isTrue();
            assertThat(parser.storeHost()).as(context).isEqualTo(host);
            assertThat(parser.physicalOffset()).as(context).isEqualTo(offset);
        }
    }

    @Test
    void uniqueKeysOf498ReadAsOurs() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            keys.add(MessageClientIDSetter.createUniqID());
        }
        for (String theirs : keys) {
            assertThat(UniqueKey.isWellFormed(theirs)).as(theirs).isTrue();
            assertThat(UniqueKey.pid(theirs)).as(theirs).isEqualTo(MessageClientIDSetter.getPidFromID(theirs));
            // 4.9.8 reads the clock itself: ours, given the clock just before and just after, must agree with one
            long before = System.currentTimeMillis();
            long read = MessageClientIDSetter.getNearlyTimeFromID(theirs).getTime();
            long after = System.currentTimeMillis();
            assertThat(read).as(theirs)
                .isIn(UniqueKey.nearlyCreationTime(theirs, before, ZONE), UniqueKey.nearlyCreationTime(theirs, after, ZONE));
        }
    }

    @Test
    void ourUniqueKeysRead498sWay() {
        SplittableRandom random = Seeds.random("MessageIds498Test.uniq");
        String sample = MessageClientIDSetter.createUniqID();
        byte[] sampleBytes = HexFormat.of().parseHex(sample);
        int ipLength = sampleBytes.length - 12;
        int loaderHash = ByteBuffer.wrap(sampleBytes).getInt(ipLength + Short.BYTES);
        for (int i = 0; i < ROUNDS; i++) {
            byte[] ip = RandomText.bytes(random, random.nextBoolean() ? 4 : 16);
            int pid = random.nextInt(1 << 16);
            long created = System.currentTimeMillis() - HOUR - random.nextLong(20 * 24 * HOUR);
            String ours = new UniqueKeyGenerator(ip, pid, loaderHash, fixed(created), ZONE).next();
            String context = ours + " created " + created;
            assertThat(ours).as(context).hasSize(ip.length == 4 ? 32 : 56);
            assertThat(MessageClientIDSetter.getIPFromID(ours)).as(context).isEqualTo(ip);
            assertThat(MessageClientIDSetter.getPidFromID(ours)).as(context).isEqualTo(UniqueKey.pid(ours)).isEqualTo(pid);
            assertThat(MessageClientIDSetter.getNearlyTimeFromID(ours).getTime()).as(context).isEqualTo(created);
        }
        byte[] fromProcess = Arrays.copyOf(sampleBytes, ipLength);
        String ours = new UniqueKeyGenerator(fromProcess, MessageClientIDSetter.getPidFromID(sample), loaderHash,
            fixed(System.currentTimeMillis()), ZONE).next();
        assertThat(ours).hasSameSizeAs(sample).startsWith(sample.substring(0, (ipLength + 6) * 2));
    }

    private static ManualClock fixed(long millis) {
        return new ManualClock(millis);
    }
}
