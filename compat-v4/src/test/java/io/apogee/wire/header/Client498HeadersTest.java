package io.apogee.wire.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.rocketmq.common.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.annotation.CFNotNull;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The headers a RocketMQ 4.9.8 client or broker sends, which lack every 5.x field: random values set on 4.9.8's own
 * header classes and flattened by its {@code makeCustomHeaderToNet} decode into ours, and 4.9.8's
 * {@code decodeCommandCustomHeader} reads our encoding back into the same values. (Key order is 5.4.0's, checked in
 * module wire; a 4.9.8 peer does not care about it.)
 */
class Client498HeadersTest {
    private static final int ROUNDS = 100;
    private static final String V2_LETTERS = "abcdefghijklmn";
    private static final List<String> V1_NAMES = List.of("producerGroup", "topic", "defaultTopic", "defaultTopicQueueNums",
        "queueId", "sysFlag", "bornTimestamp", "flag", "properties", "reconsumeTimes", "unitMode", "maxReconsumeTimes",
        "batch", "brokerName");
    /** Fields that 5.x defaults and so always writes, which 4.9.8's classes lack (and ignore). */
    private static final List<String> DEFAULTED_5X_KEYS = List.of("committed", "force");
    private static final Map<String, String> OUR_NAMES = Map.of("clientID", "clientId", "bname", "brokerName");
    private static final Map<String, List<Object>> ALLOWED = Map.of(
        "commitOrRollback", List.of(0, 8, 12), "topicFilterType", List.of("SINGLE_TAG", "MULTI_TAG"));
    private static final String ALPHABET = "abcXYZ09_-%.:;@ \u0001\u0002\u00e9\u4e2d";

    record Case(Supplier<CommandHeader> ours, String theirs, int code) {
        @Override
        public String toString() {
            return theirs + " (" + code + ")";
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
            new Case(SendMessageRequestHeader::new, "SendMessageRequestHeaderV2", 310),
            new Case(SendMessageRequestHeader::new, "SendMessageRequestHeader", 10),
            new Case(SendMessageResponseHeader::new, "SendMessageResponseHeader", 310),
            new Case(PullMessageRequestHeader::new, "PullMessageRequestHeader", 11),
            new Case(PullMessageResponseHeader::new, "PullMessageResponseHeader", 11),
            new Case(QueryConsumerOffsetRequestHeader::new, "QueryConsumerOffsetRequestHeader", 14),
            new Case(UpdateConsumerOffsetRequestHeader::new, "UpdateConsumerOffsetRequestHeader", 15),
            new Case(GetMaxOffsetRequestHeader::new, "GetMaxOffsetRequestHeader", 30),
            new Case(SearchOffsetRequestHeader::new, "SearchOffsetRequestHeader", 29),
            new Case(ConsumerSendMsgBackRequestHeader::new, "ConsumerSendMsgBackRequestHeader", 36),
            new Case(EndTransactionRequestHeader::new, "EndTransactionRequestHeader", 37),
            new Case(CheckTransactionStateRequestHeader::new, "CheckTransactionStateRequestHeader", 39),
            new Case(UnregisterClientRequestHeader::new, "UnregisterClientRequestHeader", 35),
            new Case(GetConsumerListByGroupRequestHeader::new, "GetConsumerListByGroupRequestHeader", 38),
            new Case(QueryMessageRequestHeader::new, "QueryMessageRequestHeader", 12),
            new Case(CreateTopicRequestHeader::new, "CreateTopicRequestHeader", 17),
            new Case(GetConsumeStatsRequestHeader::new, "GetConsumeStatsRequestHeader", 208),
            new Case(GetRouteInfoRequestHeader::new, "namesrv.GetRouteInfoRequestHeader", 105),
            new Case(RegisterBrokerRequestHeader::new, "namesrv.RegisterBrokerRequestHeader", 103));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void decodesWhat498SendsAndEncodesWhat498Reads(Case header) throws Exception {
        long seed = Long.getLong("apogee.test.seed", System.nanoTime());
        System.out.println("seed " + seed + " (replay with -Dapogee.test.seed=" + seed + ")");
        Random random = new Random(seed);
        Class<? extends CommandCustomHeader> type = Class.forName("org.apache.rocketmq.common.protocol.header." + header.theirs())
            .asSubclass(CommandCustomHeader.class);
        InternTable names = new InternTable(1024, 512);
        CommandHeader ours = header.ours().get();
        for (int round = 0; round < ROUNDS; round++) {
            CommandCustomHeader theirs = type.getDeclaredConstructor().newInstance();
            randomize(theirs, random);
            if (theirs instanceof SendMessageRequestHeaderV2) {
                // V2 carries the broker name as "n"; the inherited "bname" is read by neither 4.9.8's decoder nor ours
                SendMessageRequestHeaderV2.class.getSuperclass().getMethod("setBname", String.class).invoke(theirs, (Object) null);
            }
            RemotingCommand command = RemotingCommand.createRequestCommand(header.code(), theirs);
            command.makeCustomHeaderToNet();
            HashMap<String, String> wire = command.getExtFields();
            String context = header + " seed " + seed + " round " + round + " " + wire;

            ExtFields ext = new ExtFields();
            wire.forEach(ext::add);
            if (ours instanceof SendMessageRequestHeader send) {
                send.decode(header.code(), ext, names);
            } else {
                ours.decode(ext, names);
            }
            for (Field field : fieldsOf(type)) {
                if (theirs instanceof SendMessageRequestHeaderV2 && field.getName().equals("bname")) {
                    continue; // the inherited key, null above; our brokerName() is "n"
                }
                assertThat(ours(ours, field.getName())).as(context + " " + field.getName()).isEqualTo(value(field, theirs));
            }

            ExtFields encoded = new ExtFields();
            ours.encode(encoded);
            HashMap<String, String> back = new HashMap<>(encoded.toMap());
            assertThat(back).as(context).containsAllEntriesOf(wire);
            assertThat(back.keySet()).as(context).isSubsetOf(union(wire.keySet(), DEFAULTED_5X_KEYS));
            RemotingCommand reading = RemotingCommand.createRequestCommand(header.code(), null);
            reading.setExtFields(back);
            CommandCustomHeader read = decode(reading, type);
            for (Field field : fieldsOf(type)) {
                assertThat(value(field, read)).as(context + " 4.9.8 reads " + field.getName()).isEqualTo(value(field, theirs));
            }
        }
    }

    private static List<String> union(java.util.Set<String> keys, List<String> more) {
        List<String> all = new ArrayList<>(keys);
        all.addAll(more);
        return all;
    }

    private static CommandCustomHeader decode(RemotingCommand command, Class<? extends CommandCustomHeader> type) {
        try {
            return command.decodeCommandCustomHeader(type);
        } catch (RemotingCommandException e) {
            throw new AssertionError(e);
        }
    }

    /** Our value for a 4.9.8 field name: absent optional numbers as null, bytes as text, enums by name. */
    private static Object ours(CommandHeader header, String name) throws ReflectiveOperationException {
        String ourName = OUR_NAMES.getOrDefault(name, name);
        if (header instanceof SendMessageRequestHeader && name.length() == 1) {
            ourName = V1_NAMES.get(V2_LETTERS.indexOf(name));
        }
        String capitalised = Character.toUpperCase(ourName.charAt(0)) + ourName.substring(1);
        for (Method method : header.getClass().getMethods()) {
            if (method.getName().equals("has" + capitalised) && method.getParameterCount() == 0
                && !(boolean) method.invoke(header)) {
                return null;
            }
        }
        return normalise(header.getClass().getMethod(ourName).invoke(header));
    }

    private static Object normalise(Object value) {
        if (value instanceof Enum<?> constant) {
            return constant.name();
        }
        return value instanceof Utf8Bytes bytes ? bytes.asString() : value;
    }

    private static List<Field> fieldsOf(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    fields.add(field);
                }
            }
        }
        return fields;
    }

    private static Object value(Field field, Object target) {
        try {
            return normalise(field.get(target));
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static void randomize(Object header, Random random) throws ReflectiveOperationException {
        Object fresh = header.getClass().getDeclaredConstructor().newInstance();
        for (Field field : fieldsOf(header.getClass())) {
            boolean mayBeNull = !field.getType().isPrimitive() && field.getAnnotation(CFNotNull.class) == null
                && field.get(fresh) == null;
            List<Object> allowed = ALLOWED.get(field.getName());
            Object value = allowed != null ? allowed.get(random.nextInt(allowed.size())) : randomValue(field.getType(), random);
            field.set(header, mayBeNull && random.nextInt(3) == 0 ? null : value);
        }
    }

    private static Object randomValue(Class<?> type, Random random) {
        if (type == String.class) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(20); i >= 0; i--) {
                text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            return text.toString();
        } else if (type == Integer.class || type == int.class) {
            return random.nextInt();
        } else if (type == Long.class || type == long.class) {
            long value = random.nextLong();
            return value == Long.MIN_VALUE ? 0L : value;
        } else if (type == Boolean.class || type == boolean.class) {
            return random.nextBoolean();
        } else if (type.isEnum()) {
            Object[] constants = type.getEnumConstants();
            return constants[random.nextInt(constants.length)];
        }
        throw new IllegalArgumentException("no random value for " + type);
    }
}
