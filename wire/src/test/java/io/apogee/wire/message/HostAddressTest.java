package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** A host's bytes in a record: the address bytes, then the port big-endian, whatever the destination's kind. */
class HostAddressTest {
    private static final byte[] IPV4 = {10, (byte) 200, 3, (byte) 255};
    private static final byte[] IPV6 = {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x12, 0x34};

    @Test
    void aHostIsWrittenAsItsAddressBytesThenItsPort() {
        for (byte[] ip : new byte[][] {IPV4, IPV6}) {
            HostAddress host = HostAddress.of(ip, 10911);
            for (ByteBuffer destination : new ByteBuffer[] {ByteBuffer.allocate(40), ByteBuffer.allocateDirect(40)}) {
                int written = host.write(destination, 3);
                assertThat(written).isEqualTo(HostAddress.encodedLength(host.isIpv6()));
                byte[] expected = ByteBuffer.allocate(written).put(ip).putInt(10911).array();
                byte[] actual = new byte[written];
                destination.get(3, actual);
                assertThat(actual).isEqualTo(expected);
                assertThat(destination.get(2)).as("nothing before").isZero();
                assertThat(destination.get(3 + written)).as("nothing after").isZero();
                HostAddress read = HostAddress.read(destination, 3, host.isIpv6());
                assertThat(read.port()).isEqualTo(10911);
                assertThat(read.isIpv6()).isEqualTo(host.isIpv6());
            }
        }
    }

    @Test
    void aLittleEndianDestinationGetsTheAddressBytesInOrder() {
        ByteBuffer destination = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        HostAddress.of(IPV4, 1).write(destination, 0);
        byte[] address = new byte[IPV4.length];
        destination.get(0, address);
        assertThat(address).isEqualTo(IPV4);
        assertThat(destination.getInt(IPV4.length)).as("the port in the buffer's own order").isEqualTo(1);
    }
}
