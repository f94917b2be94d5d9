package io.apogee.wire.header;

import io.apogee.wire.frame.ExtFields;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.common.BoundaryType;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.annotation.CFNotNull;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.FastCodesHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * Test helper around Apache RocketMQ 5.4.0's own header classes: fills them with random values by reflection, runs
 * them through {@code makeCustomHeaderToNet} and {@code decodeCommandCustomHeader}, and reads our headers'
 * accessors by name. Reflection is fine here: it is how RocketMQ itself does it.
 */
final class RocketMqOracle {
    /** Replay a run with {@code -Dapogee.test.seed=<seed>}. */
    static final String SEED_PROPERTY = "apogee.test.seed";

    /** Our accessor names for RocketMQ field names that differ. */
    private static final Map<String, String> OUR_NAMES = Map.of(
        "clientID", "clientId", "bname", "brokerName", "ns", "namespace", "nsd", "namespaced", "oway", "oneway",
        "lo", "logical");

    /** Fields whose values RocketMQ's {@code checkFields} restricts: drawn from the allowed ones. */
    private static final Map<String, List<Object>> ALLOWED = Map.of(
        "commitOrRollback", List.of(0, 8, 12),
        "topicFilterType", List.of("SINGLE_TAG", "MULTI_TAG"));

    private static final String ALPHABET = "abcXYZ09_-%.:;@ \u0001\u0002\u00e9\u4e2d\"\\/";

    private RocketMqOracle() {
    }

    /** The seed of this run: the system property if set, else a fresh one. Printed so a failure can be replayed. */
    static long seed() {
        long seed = Long.getLong(SEED_PROPERTY, System.nanoTime());
        System.out.println("seed " + seed + " (replay with -D" + SEED_PROPERTY + "=" + seed + ")");
        return seed;
    }

    /** Every instance field of {@code type} and its superclasses, skipping statics, as RocketMQ flattens them. */
    static List<Field> fieldsOf(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) && !field.getName().startsWith("this")) {
                    field.setAccessible(true);
                    fields.add(field);
                }
            }
        }
        return fields;
    }

    /**
     * Sets every field of {@code header} to a random value. A field may be left null only where RocketMQ could
     * leave it null: not primitive, not {@code @CFNotNull}, and null in a fresh instance.
     */
    static void randomize(Object header, Random random) {
        Object fresh = newInstance(header.getClass());
        for (Field field : fieldsOf(header.getClass())) {
            boolean mayBeNull = !field.getType().isPrimitive() && field.getAnnotation(CFNotNull.class) == null
                && get(field, fresh) == null;
            List<Object> allowed = ALLOWED.get(field.getName());
            Object value = allowed != null ? allowed.get(random.nextInt(allowed.size())) : randomValue(field.getType(), random);
            set(field, header, mayBeNull && random.nextInt(3) == 0 ? null : value);
        }
    }

    static Object randomValue(Class<?> type, Random random) {
        if (type == String.class) {
            return randomString(random);
        } else if (type == Integer.class || type == int.class) {
            return random.nextBoolean() ? random.nextInt(1000) : random.nextInt();
        } else if (type == Long.class || type == long.class) {
            long value = random.nextBoolean() ? random.nextInt(100_000) : random.nextLong();
            return value == Long.MIN_VALUE ? 0L : value; // the one long our ASCII parser does not read
        } else if (type == Boolean.class || type == boolean.class) {
            return random.nextBoolean();
        } else if (type == BoundaryType.class) {
            return random.nextBoolean() ? BoundaryType.LOWER : BoundaryType.UPPER;
        }
        throw new IllegalArgumentException("no random value for " + type);
    }

    static String randomString(Random random) {
        int length = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(random.nextInt(10) == 0 ? 300 : 24);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return text.toString();
    }

    /** The ext map a real client or broker puts on the wire for {@code header}: {@code makeCustomHeaderToNet}. */
    static HashMap<String, String> flatten(RemotingCommand command) {
        command.makeCustomHeaderToNet();
        return command.getExtFields() == null ? new HashMap<>() : command.getExtFields();
    }

    /** What a real broker or client reads from {@code ext}: {@code decodeCommandCustomHeader}. */
    static <T extends CommandCustomHeader> T decode(Map<String, String> ext, Class<T> type) {
        RemotingCommand command = RemotingCommand.createRequestCommand(0, null);
        command.setExtFields(new HashMap<>(ext));
        try {
            return command.decodeCommandCustomHeader(type);
        } catch (RemotingCommandException e) {
            throw new AssertionError(e);
        }
    }

    /** {@code map}'s entries appended to a new ExtFields in iteration order. */
    static ExtFields extFields(Map<String, String> map) {
        ExtFields ext = new ExtFields(16, 2);
        map.forEach(ext::add);
        return ext;
    }

    /** The keys of {@code ext}, in order. */
    static List<String> keys(ExtFields ext) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < ext.size(); i++) {
            keys.add(ext.keyString(i));
        }
        return keys;
    }

    /** The entries of {@code ext} as an ordered map (keys are unique in encoder output). */
    static Map<String, String> map(ExtFields ext) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < ext.size(); i++) {
            map.put(ext.keyString(i), ext.valueString(i));
        }
        return map;
    }

    /** Every field of a RocketMQ header by name, values normalised: what that header holds. */
    static Map<String, Object> values(Object rocketMqHeader) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field field : fieldsOf(rocketMqHeader.getClass())) {
            values.put(field.getName(), get(field, rocketMqHeader));
        }
        return values;
    }

    /**
     * The entries a {@code FastCodesHeader} writes into a binary header ({@code encode(ByteBuf)}), in order: the
     * order of RocketMQ's binary frames for the four hot headers.
     */
    static Map<String, String> fastCodesEntries(FastCodesHeader header) {
        ByteBuf buffer = Unpooled.buffer();
        header.encode(buffer);
        Map<String, String> entries = new LinkedHashMap<>();
        while (buffer.isReadable()) {
            String key = buffer.readCharSequence(buffer.readShort(), StandardCharsets.UTF_8).toString();
            String value = buffer.readCharSequence(buffer.readInt(), StandardCharsets.UTF_8).toString();
            if (entries.put(key, value) != null) {
                throw new AssertionError("key written twice: " + key);
            }
        }
        return entries;
    }

    /**
     * The ext entries of the binary header that RocketMQ's Netty encoder ({@code fastEncodeHeader}) writes for
     * {@code command}, in order. Call it before {@link #flatten}, which adds the header fields to the map.
     */
    static Map<String, String> binaryExtEntries(RemotingCommand command) {
        command.setSerializeTypeCurrentRPC(org.apache.rocketmq.remoting.protocol.SerializeType.ROCKETMQ);
        ByteBuf frame = Unpooled.buffer();
        command.fastEncodeHeader(frame);
        frame.skipBytes(Integer.BYTES * 2 + Short.BYTES + Byte.BYTES + Short.BYTES + Integer.BYTES * 2);
        frame.skipBytes(frame.readInt()); // remark
        int end = frame.readInt() + frame.readerIndex();
        Map<String, String> entries = new LinkedHashMap<>();
        while (frame.readerIndex() < end) {
            String key = frame.readCharSequence(frame.readShort(), StandardCharsets.UTF_8).toString();
            String value = frame.readCharSequence(frame.readInt(), StandardCharsets.UTF_8).toString();
            if (entries.put(key, value) != null) {
                throw new AssertionError("key written twice: " + key);
            }
        }
        command.setSerializeTypeCurrentRPC(org.apache.rocketmq.remoting.protocol.SerializeType.JSON);
        return entries;
    }

    /** Our accessor for RocketMQ field {@code name}, read by reflection, normalised for comparison. */
    static Object ours(Object header, String rocketMqName) {
        String name = OUR_NAMES.getOrDefault(rocketMqName, rocketMqName);
        try {
            Method accessor = header.getClass().getMethod(name);
            return normalise(accessor.invoke(header));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("no accessor " + name + "() on " + header.getClass().getSimpleName(), e);
        }
    }

    /** Enums by name and byte holders as strings, so that RocketMQ's values and ours compare with equals. */
    static Object normalise(Object value) {
        if (value instanceof Enum<?> constant) {
            return constant.name();
        }
        if (value instanceof Utf8Bytes bytes) {
            return bytes.asString();
        }
        return value;
    }

    static Object get(Field field, Object target) {
        try {
            return normalise(field.get(target));
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static void set(Field field, Object target, Object value) {
        try {
            field.set(target, value);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static <T> T newInstance(Class<T> type) {
        try {
            return type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
