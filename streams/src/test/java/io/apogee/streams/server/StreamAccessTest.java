package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.log.StreamOptions;
import io.apogee.streams.log.SuperStreams;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One connection under {@link StreamPermissions}, without a socket: every command that names a stream or a consumer
 * reference asks once and answers a refusal ACCESS_REFUSED in its own response; publish frames and deliveries ask
 * nothing.
 */
class StreamAccessTest {
    @TempDir
    Path dir;
    private ConnectionScript script;
    /** What the connection asked, as "TARGET name OPERATION". */
    private final List<String> asked = new CopyOnWriteArrayList<>();
    /** What guest may do, as "TARGET name OPERATION". */
    private final Set<String> granted = new CopyOnWriteArraySet<>();

    @AfterEach
    void close() {
        script.close();
    }

    /** A connection of guest, who may do exactly {@code grants} ("TARGET name OPERATION"), after its handshake. */
    private void connect(String... grants) {
        granted.addAll(List.of(grants));
        script = new ConnectionScript(dir, (user, sourceIp, target, name, operation) -> {
            String question = target + " " + name + " " + operation;
            asked.add(question);
            assertThat(user).isEqualTo("guest");
            return granted.contains(question) ? null : "not granted";
        });
        script.handshake();
        drain();
        script.registry.create("s");
        script.registry.createSuperStream("super", List.of(new SuperStreams.Partition("super-0", "0")),
            StreamOptions.fromArguments(Map.of(), script.registry.defaultSegmentSize()));
    }

    @Test
    void everyCommandNamingAStreamIsRefusedInItsResponse() {
        connect();
        send(CommandKey.CREATE, out -> string(out.writeInt(1), "t").writeInt(0));
        assertCode(CommandKey.CREATE, 1, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.DELETE, out -> string(out.writeInt(2), "s"));
        assertCode(CommandKey.DELETE, 2, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.DECLARE_PUBLISHER, out -> string(string(out.writeInt(3).writeByte(0), "p"), "s"));
        assertCode(CommandKey.DECLARE_PUBLISHER, 3, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.SUBSCRIBE, out -> string(out.writeInt(4).writeByte(0), "s").writeShort(1).writeShort(1));
        assertCode(CommandKey.SUBSCRIBE, 4, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.STORE_OFFSET, out -> string(string(out, "app"), "s").writeLong(7));
        send(CommandKey.QUERY_OFFSET, out -> string(string(out.writeInt(5), "app"), "s"));
        assertCode(CommandKey.QUERY_OFFSET, 5, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.QUERY_PUBLISHER_SEQUENCE, out -> string(string(out.writeInt(6), "p"), "s"));
        assertCode(CommandKey.QUERY_PUBLISHER_SEQUENCE, 6, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.STREAM_STATS, out -> string(out.writeInt(7), "s"));
        assertCode(CommandKey.STREAM_STATS, 7, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.ROUTE, out -> string(string(out.writeInt(8), "0"), "super"));
        assertCode(CommandKey.ROUTE, 8, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.PARTITIONS, out -> string(out.writeInt(9), "super"));
        assertCode(CommandKey.PARTITIONS, 9, ResponseCode.ACCESS_REFUSED);
        createSuperStream(10, "other", List.of("other-0"), List.of("0"));
        assertCode(CommandKey.CREATE_SUPER_STREAM, 10, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.DELETE_SUPER_STREAM, out -> string(out.writeInt(11), "super"));
        assertCode(CommandKey.DELETE_SUPER_STREAM, 11, ResponseCode.ACCESS_REFUSED);
        // resolve offset spec from first, no properties: a read, as a subscription from it would be
        send(CommandKey.RESOLVE_OFFSET_SPEC, out -> string(out.writeInt(12), "s").writeShort(1).writeInt(0));
        assertCode(CommandKey.RESOLVE_OFFSET_SPEC, 12, ResponseCode.ACCESS_REFUSED);

        assertThat(script.registry.get("t")).as("not created").isNull();
        assertThat(script.registry.get("s")).as("not deleted").isNotNull();
        assertThat(script.registry.get("s").tracking().offset("app")).as("not stored").isNegative();
        assertThat(script.registry.get("other-0")).isNull();
        assertThat(script.registry.get("super-0")).isNotNull();
        assertThat(asked).containsExactly("STREAM t CREATE", "STREAM s DELETE", "STREAM s PUBLISH", "STREAM s SUBSCRIBE",
            "STREAM s STORE_OFFSET", "STREAM s QUERY_OFFSET", "STREAM s QUERY_PUBLISHER_SEQUENCE", "STREAM s STREAM_STATS",
            "STREAM super DESCRIBE", "STREAM super DESCRIBE", "STREAM other CREATE", "STREAM super DELETE",
            "STREAM s SUBSCRIBE");
    }

    @Test
    void metadataRefusesOnlyTheStreamsNotAllowed() {
        connect("STREAM s DESCRIBE");
        send(CommandKey.METADATA, out -> string(string(out.writeInt(12).writeInt(2), "s"), "hidden"));
        ByteBuf metadata = script.channel.readOutbound();
        try {
            metadata.skipBytes(12);
            metadata.skipBytes(4 + 2); // one broker: its reference
            metadata.skipBytes(metadata.readShort() + 4); // its host and port
            assertThat(metadata.readInt()).isEqualTo(2);
            assertThat(readString(metadata)).isEqualTo("s");
            assertThat(metadata.readShort()).isEqualTo((short) ResponseCode.OK);
            metadata.skipBytes(2 + 4);
            assertThat(readString(metadata)).isEqualTo("hidden");
            assertThat(metadata.readShort()).isEqualTo((short) ResponseCode.ACCESS_REFUSED);
        } finally {
            metadata.release();
        }
    }

    @Test
    void aPublisherIsDecidedAtDeclareAndItsPublishesAskNothing() {
        connect("STREAM s PUBLISH");
        send(CommandKey.DECLARE_PUBLISHER, out -> string(string(out.writeInt(1).writeByte(4), "p"), "s"));
        assertCode(CommandKey.DECLARE_PUBLISHER, 1, ResponseCode.OK);
        asked.clear();
        for (long publishingId = 1; publishingId <= 50; publishingId++) {
            long id = publishingId;
            send(CommandKey.PUBLISH, out -> out.writeByte(4).writeInt(1).writeLong(id).writeInt(1).writeByte('m'));
        }
        drain();
        assertThat(script.registry.get("s").nextOffset()).isEqualTo(50);
        assertThat(asked).as("a publish frame costs no check").isEmpty();
    }

    @Test
    void aNamedSubscriptionAndItsOffsetsNeedTheConsumerReferenceToo() {
        connect("STREAM s SUBSCRIBE", "STREAM s STORE_OFFSET", "STREAM s QUERY_OFFSET", "CONSUMER app SUBSCRIBE",
            "CONSUMER app STORE_OFFSET", "CONSUMER app QUERY_OFFSET");
        send(CommandKey.SUBSCRIBE, out -> string(string(string(out.writeInt(1).writeByte(0), "s").writeShort(1)
            .writeShort(1).writeInt(1), "name"), "other"));
        assertCode(CommandKey.SUBSCRIBE, 1, ResponseCode.ACCESS_REFUSED);
        send(CommandKey.SUBSCRIBE, out -> string(string(string(out.writeInt(2).writeByte(0), "s").writeShort(1)
            .writeShort(1).writeInt(1), "name"), "app"));
        assertCode(CommandKey.SUBSCRIBE, 2, ResponseCode.OK);
        send(CommandKey.STORE_OFFSET, out -> string(string(out, "other"), "s").writeLong(3));
        send(CommandKey.STORE_OFFSET, out -> string(string(out, "app"), "s").writeLong(5));
        send(CommandKey.QUERY_OFFSET, out -> string(string(out.writeInt(3), "app"), "s"));
        drainUntil(CommandKey.QUERY_OFFSET);
        assertCode(CommandKey.QUERY_OFFSET, 3, ResponseCode.OK);
        send(CommandKey.QUERY_OFFSET, out -> string(string(out.writeInt(4), "other"), "s"));
        assertCode(CommandKey.QUERY_OFFSET, 4, ResponseCode.ACCESS_REFUSED);
        assertThat(script.registry.get("s").tracking().offset("app")).isEqualTo(5);
        assertThat(script.registry.get("s").tracking().offset("other")).as("refused: not stored").isNegative();
    }

    @Test
    void aSuperStreamNeedsTheOperationOnItsNameAndEachPartition() {
        connect("STREAM new CREATE", "STREAM new-0 CREATE", "STREAM super DESCRIBE", "STREAM super-0 DESCRIBE",
            "STREAM super DELETE");
        createSuperStream(1, "new", List.of("new-0", "new-1"), List.of("0", "1"));
        assertCode(CommandKey.CREATE_SUPER_STREAM, 1, ResponseCode.ACCESS_REFUSED);
        assertThat(script.registry.get("new-0")).as("none of the partitions").isNull();
        send(CommandKey.PARTITIONS, out -> string(out.writeInt(2), "super"));
        assertCode(CommandKey.PARTITIONS, 2, ResponseCode.OK);
        send(CommandKey.DELETE_SUPER_STREAM, out -> string(out.writeInt(3), "super"));
        assertCode(CommandKey.DELETE_SUPER_STREAM, 3, ResponseCode.ACCESS_REFUSED);
        assertThat(script.registry.superStreams().exists("super")).as("super-0 may not be deleted").isTrue();
    }

    @Test
    void aChangeOfPermissionsDecidesPublishersAndSubscriptionsAgain() {
        connect("STREAM s PUBLISH", "STREAM s SUBSCRIBE");
        send(CommandKey.DECLARE_PUBLISHER, out -> string(string(out.writeInt(1).writeByte(2), "p"), "s"));
        assertCode(CommandKey.DECLARE_PUBLISHER, 1, ResponseCode.OK);
        send(CommandKey.SUBSCRIBE, out -> string(out.writeInt(2).writeByte(5), "s").writeShort(1).writeShort(1));
        assertCode(CommandKey.SUBSCRIBE, 2, ResponseCode.OK);
        drain();

        granted.clear();
        permissionsChanged();
        ByteBuf update = script.channel.readOutbound();
        try {
            assertThat(update.getShort(4) & 0xFFFF).as("the subscription ends").isEqualTo(CommandKey.METADATA_UPDATE);
            assertThat(update.getShort(8)).isEqualTo((short) ResponseCode.STREAM_NOT_AVAILABLE);
        } finally {
            update.release();
        }
        publish(2, 10, 11, 12);
        ByteBuf errors = script.channel.readOutbound();
        try {
            assertThat(errors.getShort(4) & 0xFFFF).isEqualTo(CommandKey.PUBLISH_ERROR);
            assertThat(errors.getInt(9)).as("one error per message").isEqualTo(3);
            for (int i = 0; i < 3; i++) {
                assertThat(errors.getLong(13 + i * 10)).isEqualTo(10 + i);
                assertThat(errors.getShort(21 + i * 10)).isEqualTo((short) ResponseCode.ACCESS_REFUSED);
            }
        } finally {
            errors.release();
        }
        assertThat(script.registry.get("s").nextOffset()).as("nothing stored").isZero();
        send(CommandKey.CREDIT, out -> out.writeByte(5).writeShort(1));
        ByteBuf credit = script.channel.readOutbound();
        try {
            assertThat(credit.getShort(8)).as("credit for the ended subscription")
                .isEqualTo((short) ResponseCode.SUBSCRIPTION_ID_DOES_NOT_EXIST);
        } finally {
            credit.release();
        }

        granted.add("STREAM s PUBLISH");
        permissionsChanged();
        publish(2, 13);
        ByteBuf confirm = script.channel.readOutbound();
        assertThat(confirm.getShort(4) & 0xFFFF).isEqualTo(CommandKey.PUBLISH_CONFIRM);
        confirm.release();
        assertThat(script.registry.get("s").nextOffset()).isEqualTo(1);
    }

    private void permissionsChanged() {
        script.channel.pipeline().get(StreamConnection.class).permissionsChanged();
    }

    private void publish(int publisherId, long... publishingIds) {
        send(CommandKey.PUBLISH, out -> {
            out.writeByte(publisherId).writeInt(publishingIds.length);
            for (long publishingId : publishingIds) {
                out.writeLong(publishingId).writeInt(1).writeByte('m');
            }
        });
    }

    private void createSuperStream(int correlationId, String name, List<String> partitions, List<String> keys) {
        send(CommandKey.CREATE_SUPER_STREAM, out -> {
            string(out.writeInt(correlationId), name).writeInt(partitions.size());
            partitions.forEach(partition -> string(out, partition));
            out.writeInt(keys.size());
            keys.forEach(key -> string(out, key));
            out.writeInt(0);
        });
    }

    private void send(int key, Consumer<ByteBuf> content) {
        script.send(key, 1, content);
    }

    private static ByteBuf string(ByteBuf out, String value) {
        FrameWriter.string(out, value);
        return out;
    }

    private static String readString(ByteBuf in) {
        return in.readCharSequence(in.readShort(), StandardCharsets.UTF_8).toString();
    }

    private void assertCode(int key, int correlationId, int code) {
        ByteBuf response = script.channel.readOutbound();
        try {
            assertThat(response.getShort(4) & 0xFFFF).isEqualTo(key | CommandKey.RESPONSE_FLAG);
            assertThat(response.getInt(8)).isEqualTo(correlationId);
            assertThat(response.getShort(12)).as("response code").isEqualTo((short) code);
        } finally {
            response.release();
        }
    }

    /** Drops the frames sent before the next response of {@code key}: deliveries and the like. */
    private void drainUntil(int key) {
        while (script.channel.outboundMessages().peek() instanceof ByteBuf next
            && (next.getShort(4) & 0xFFFF) != (key | CommandKey.RESPONSE_FLAG)) {
            ((ByteBuf) script.channel.readOutbound()).release();
        }
    }

    private void drain() {
        for (ByteBuf frame = script.channel.readOutbound(); frame != null; frame = script.channel.readOutbound()) {
            frame.release();
        }
    }
}
