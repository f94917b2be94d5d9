package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.testing.CaptureFile;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link HashMapOrder} against real {@code java.util.HashMap}s: random keys and sizes through many resizes, keys
 * that collide in one bucket, duplicates, initial capacities, and real RocketMQ 5.4.0 typed headers encoded both
 * ways. Randomized tests print their seed; replay with {@code -Dapogee.seed=<seed>}.
 */
class HashMapOrderTest {
    private static final int TRIALS = 3000;

    private final HashMapOrder order = new HashMapOrder();

    @Test
    void matchesRealHashMapsForRandomKeysAndSizes() {
        long seed = Seeds.seed("matchesRealHashMapsForRandomKeysAndSizes");
        Random random = new Random(seed);
        RandomHeaders text = new RandomHeaders(random);
        int inexact = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            int size = random.nextInt(10) == 0 ? random.nextInt(400) : random.nextInt(40);
            List<String[]> puts = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                String key = random.nextInt(8) == 0 && !puts.isEmpty() ? puts.get(random.nextInt(puts.size()))[0]
                    : random.nextBoolean() ? text.key() : text.text(10, false);
                puts.add(new String[] {key, random.nextInt(6) == 0 ? null : text.text(8, false)});
            }
            if (!checkAgainstHashMap(puts, HashMapOrder.DEFAULT_INITIAL_CAPACITY, "seed " + seed + " trial " + trial)) {
                inexact++;
            }
        }
        assertThat(inexact).as("maps HashMap would have given a tree bucket").isLessThan(3);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 16, 17, 100, 128, 1000})
    void matchesHashMapsMadeWithAnInitialCapacity(int initialCapacity) {
        long seed = Seeds.seed("matchesHashMapsMadeWithAnInitialCapacity " + initialCapacity);
        Random random = new Random(seed);
        for (int trial = 0; trial < 200; trial++) {
            List<String[]> puts = new ArrayList<>();
            int size = random.nextInt(120);
            for (int i = 0; i < size; i++) {
                puts.add(new String[] {"key" + random.nextInt(1000), "v" + i});
            }
            checkAgainstHashMap(puts, initialCapacity, "seed " + seed + " trial " + trial);
        }
    }

    @Test
    void followsTheEarlyResizeOfACrowdedBucketInASmallTable() {
        List<String[]> puts = new ArrayList<>();
        for (String key : keysInBucket(5, 16, 12)) {
            puts.add(new String[] {key, key});
            assertThat(checkAgainstHashMap(puts, HashMapOrder.DEFAULT_INITIAL_CAPACITY, puts.size() + " colliding keys")).isTrue();
        }
    }

    @Test
    void saysSoWhenHashMapWouldMakeATreeBucket() {
        List<String[]> puts = new ArrayList<>();
        for (String key : equalHashKeys(12)) {
            puts.add(new String[] {key, key});
        }
        for (int size = 1; size <= 10; size++) {
            assertThat(checkAgainstHashMap(puts.subList(0, size), HashMapOrder.DEFAULT_INITIAL_CAPACITY, size + " equal hashes")).isTrue();
        }
        ExtFields target = new ExtFields();
        assertThat(order.reorder(ext(puts), target)).isFalse();
        assertThat(target.size()).isEqualTo(puts.size());
    }

    @Test
    void collapsesDuplicatesOntoTheFirstPositionWithTheLastValue() {
        ExtFields source = ext(List.of(new String[] {"b", "1"}, new String[] {"a", "2"}, new String[] {"b", null},
            new String[] {"b", "3"}));
        source.markPresent();
        ExtFields target = new ExtFields();
        assertThat(order.reorder(source, target)).isTrue();
        assertThat(target.toMap()).containsExactly(Map.entry("a", "2"), Map.entry("b", "3"));
        assertThat(target.isPresent()).isTrue();
        ExtFields empty = new ExtFields().markPresent();
        order.reorder(empty);
        assertThat(empty.isPresent()).isTrue();
    }

    /**
     * The broker's send responses in the captures: {@code MSG_REGION} and {@code TRACE_ON} come first through
     * {@code addExtField} (a map of capacity 256), then the typed response header's fields.
     */
    @Test
    void reproducesTheCapturedOrderOfSendResponses() {
        List<CaptureFile.Frame> responses = CaptureFile.read("producer-json.txt").stream()
            .filter(frame -> "SEND_MESSAGE_V2".equals(frame.requestName()) || "SEND_BATCH_MESSAGE".equals(frame.requestName()))
            .filter(CaptureFile.Frame::isResponse).toList();
        assertThat(responses).hasSize(4);
        for (CaptureFile.Frame response : responses) {
            DecodedFrame frame = new DecodedFrame();
            new FrameDecoder().decode(response.buffer(), 0, response.bytes().length, frame);
            ExtFields captured = frame.header().ext();
            List<String[]> puts = new ArrayList<>();
            for (String key : List.of("MSG_REGION", "TRACE_ON", "msgId", "queueId", "queueOffset", "transactionId")) {
                puts.add(new String[] {key, captured.get(key)});
            }
            ExtFields reordered = new ExtFields();
            assertThat(order.reorder(ext(puts), reordered, HashMapOrder.ADD_EXT_FIELD_INITIAL_CAPACITY)).isTrue();
            assertThat(reordered.toMap()).as(response.toString()).containsExactlyEntriesOf(captured.toMap());
            assertThat(order.reorder(ext(puts), reordered)).isTrue();
            assertThat(reordered.toMap().keySet()).as("a default-capacity map would differ")
                .doesNotContainSequence(captured.toMap().keySet());
        }
    }

    /** Typed headers as RocketMQ encodes them: fields put into a HashMap in declaration order, then written. */
    @Test
    void encodesTypedHeadersExactlyAsRocketMq() throws ReflectiveOperationException {
        long seed = Seeds.seed("encodesTypedHeadersExactlyAsRocketMq");
        Random random = new Random(seed);
        Method fieldsOf = RemotingCommand.class.getDeclaredMethod("getClazzFields", Class.class);
        fieldsOf.setAccessible(true);
        List<Class<? extends CommandCustomHeader>> headers = List.of(
            org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2.class,
            org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader.class,
            org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader.class,
            org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.ConsumerSendMsgBackRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.EndTransactionRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.UnregisterClientRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader.class,
            org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerRequestHeader.class);
        FrameEncoder encoder = new FrameEncoder();
        for (int trial = 0; trial < 400; trial++) {
            Class<? extends CommandCustomHeader> type = headers.get(random.nextInt(headers.size()));
            CommandCustomHeader typed = type.getDeclaredConstructor().newInstance();
            RemotingCommand command = RemotingCommand.createRequestCommand(100 + random.nextInt(300), typed);
            RemotingHeader ours = new RemotingHeader().asRequest(command.getCode(), command.getOpaque()).version(command.getVersion());
            int capacity = HashMapOrder.DEFAULT_INITIAL_CAPACITY;
            if (random.nextBoolean()) {
                command.addExtField("AccessKey", "ak" + random.nextInt(100));
                ours.ext().add("AccessKey", command.getExtFields().get("AccessKey"));
                capacity = HashMapOrder.ADD_EXT_FIELD_INITIAL_CAPACITY;
            }
            for (Field field : (Field[]) fieldsOf.invoke(command, type)) {
                if (!Modifier.isStatic(field.getModifiers()) && !field.getName().startsWith("this")) {
                    field.setAccessible(true);
                    fill(field, typed, random);
                    Object value = field.get(typed);
                    if (value != null) {
                        ours.ext().add(field.getName(), value.toString());
                    }
                }
            }
            ours.ext().markPresent();
            assertThat(order.reorder(ours.ext(), capacity)).isTrue();
            for (SerializeType serialization : SerializeType.values()) {
                command.setSerializeTypeCurrentRPC(org.apache.rocketmq.remoting.protocol.SerializeType.valueOf(serialization.name()));
                ours.serializeType(serialization);
                ByteBuffer buffer = ByteBuffer.allocate(encoder.measure(ours));
                encoder.encode(ours, 0, buffer, 0);
                assertThat(HexFormat.of().formatHex(buffer.array())).as("seed " + seed + " " + type.getSimpleName() + " " + serialization)
                    .isEqualTo(HexFormat.of().formatHex(RocketMqOracle.encode(command)));
            }
        }
    }

    private static void fill(Field field, Object target, Random random) throws IllegalAccessException {
        Class<?> type = field.getType();
        boolean leaveNull = !type.isPrimitive() && random.nextInt(5) == 0;
        if (leaveNull) {
            field.set(target, null);
        } else if (type == String.class) {
            field.set(target, random.nextBoolean() ? "TopicTest" + random.nextInt(10) : "v\u0001" + random.nextInt());
        } else if (type == int.class || type == Integer.class) {
            field.set(target, random.nextInt());
        } else if (type == long.class || type == Long.class) {
            field.set(target, random.nextLong());
        } else if (type == boolean.class || type == Boolean.class) {
            field.set(target, random.nextBoolean());
        }
    }

    /** Replays {@code puts} into a real HashMap and through {@link HashMapOrder}; answers whether the order was exact. */
    private boolean checkAgainstHashMap(List<String[]> puts, int initialCapacity, String context) {
        HashMap<String, String> map = initialCapacity == HashMapOrder.DEFAULT_INITIAL_CAPACITY
            ? new HashMap<>()
            : new HashMap<>(initialCapacity);
        for (String[] put : puts) {
            map.put(put[0], put[1]);
        }
        ExtFields target = new ExtFields();
        boolean exact = order.reorder(ext(puts), target, initialCapacity);
        if (exact) {
            List<String> expected = new ArrayList<>();
            map.forEach((key, value) -> expected.add(key + "=" + value));
            List<String> actual = new ArrayList<>();
            for (int i = 0; i < target.size(); i++) {
                actual.add(target.keyString(i) + "=" + target.valueString(i));
            }
            assertThat(actual).as(context).isEqualTo(expected);
        }
        return exact;
    }

    private static ExtFields ext(List<String[]> puts) {
        ExtFields ext = new ExtFields();
        for (String[] put : puts) {
            int keyStart = ext.position();
            ext.writeUtf8(put[0]);
            int keyEnd = ext.position();
            if (put[1] == null) {
                ext.commit(keyStart, keyEnd, -1, -1);
            } else {
                ext.writeUtf8(put[1]);
                ext.commit(keyStart, keyEnd, keyEnd, ext.position());
            }
        }
        return ext;
    }

    /** Distinct keys that share bucket {@code bucket} of a table of {@code capacity} but not of larger tables. */
    private static List<String> keysInBucket(int bucket, int capacity, int count) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; keys.size() < count; i++) {
            String key = "key-" + i;
            int h = key.hashCode();
            if (((h ^ h >>> 16) & (capacity - 1)) == bucket) {
                keys.add(key);
            }
        }
        return keys;
    }

    /** Distinct keys with one and the same hash code ("Aa" and "BB" hash alike), which no table size can separate. */
    private static List<String> equalHashKeys(int count) {
        List<String> keys = new ArrayList<>();
        for (int bits = 0; keys.size() < count; bits++) {
            StringBuilder key = new StringBuilder();
            for (int i = 0; i < 4; i++) {
                key.append((bits >> i & 1) == 0 ? "Aa" : "BB");
            }
            keys.add(key.toString());
        }
        return keys;
    }
}
