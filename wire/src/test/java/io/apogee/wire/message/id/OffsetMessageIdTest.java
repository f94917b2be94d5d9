package io.apogee.wire.message.id;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.RocketMessages;
import io.apogee.wire.message.Seeds;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageId;
import org.junit.jupiter.api.Test;

class OffsetMessageIdTest {
    @Test
    void idsEqualRocketMqsAndDecodeBothWays() throws Exception {
        SplittableRandom random = Seeds.random("OffsetMessageIdTest");
        OffsetMessageId parsed = new OffsetMessageId();
        char[] chars = new char[60];
        ByteBuffer ascii = ByteBuffer.allocateDirect(60);
        StringBuilder appended = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            boolean ipv6 = random.nextBoolean();
            InetSocketAddress address = RocketMessages.address(random, ipv6);
            long offset = random.nextBoolean() ? random.nextLong() : random.nextLong(1L << 40);
            String expected = MessageDecoder.createMessageId(address, offset);
            HostAddress host = HostAddress.of(address);

            assertThat(OffsetMessageId.of(host, offset)).isEqualTo(expected);
            int length = OffsetMessageId.write(host, offset, chars, 2);
            assertThat(new String(chars, 2, length)).isEqualTo(expected);
            assertThat(OffsetMessageId.write(host, offset, ascii, 1)).isEqualTo(OffsetMessageId.length(ipv6));
            assertThat(new String(RocketMessages.bytes(ascii, 1, length), StandardCharsets.US_ASCII)).isEqualTo(expected);
            appended.setLength(0);
            OffsetMessageId.append(host, offset, appended);
            assertThat(appended.toString()).isEqualTo(expected);

            MessageId theirs = MessageDecoder.decodeMessageId(OffsetMessageId.of(host, offset));
            assertThat(theirs.getAddress()).isEqualTo(address);
            assertThat(theirs.getOffset()).isEqualTo(offset);

            String text = random.nextBoolean() ? expected : expected.toLowerCase(Locale.ROOT);
            assertThat(parsed.parse(text)).isTrue();
            assertThat(parsed.isIpv6()).isEqualTo(ipv6);
            assertThat(parsed.port()).isEqualTo(address.getPort());
            assertThat(parsed.physicalOffset()).isEqualTo(offset);
            assertThat(parsed.storeHost()).isEqualTo(host);
            assertThat(parsed.addressByte(0)).isEqualTo(address.getAddress().getAddress()[0]);
        }
    }

    @Test
    void malformedIdsAreRejectedKeepingThePreviousValue() {
        OffsetMessageId parsed = new OffsetMessageId();
        assertThat(parsed.parse("0A00000100002A9F00000000000000C8")).isTrue();
        assertThat(parsed.parse("0A00000100002A9F00000000000000C")).isFalse();
        assertThat(parsed.parse("0A00000100002A9F00000000000000CG")).isFalse();
        assertThat(parsed.parse("")).isFalse();
        assertThat(parsed.physicalOffset()).isEqualTo(200);
        assertThat(parsed.storeHost().toString()).isEqualTo("10.0.0.1:10911");
        assertThat(parsed.addressLength()).isEqualTo(4);
    }
}
