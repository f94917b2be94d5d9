package io.apogee.compat.v4;

import io.apogee.wire.code.LanguageCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import java.util.HashMap;
import java.util.SplittableRandom;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/**
 * Random frames, each as RocketMQ 4.9.8's {@link RemotingCommand} and as our {@link RemotingHeader} plus body, from
 * the same choices. The ext map is given to both as the same {@code HashMap}, so both write it in its iteration order.
 */
final class RandomFrames {
    private static final int[] COMMON_CODES = {0, 1, 10, 11, 14, 15, 17, 34, 35, 36, 38, 40, 105, 310, 320, 361};
    private static final String[] PROPERTY_NAMES = {"KEYS", "UNIQ_KEY", "WAIT", "TAGS", "TRAN_MSG", "PGROUP", "DELAY", "seq"};
    /** The languages RocketMQ 4.9.8 knows: ours minus NODE_JS, which came with 5.x. */
    private static final int LANGUAGES_498 = org.apache.rocketmq.remoting.protocol.LanguageCode.values().length;
    private static final int LARGE_BODY = 256 * 1024;

    /** One random frame: what 4.9.8 is given and what we are given, describing the same thing. */
    record Sample(RemotingCommand command, RemotingHeader header, HashMap<String, String> ext, byte[] body) {
    }

    private final SplittableRandom random;

    RandomFrames(SplittableRandom random) {
        this.random = random;
    }

    Sample next(SerializeType type) {
        boolean binary = type == SerializeType.ROCKETMQ;
        int code = switch (random.nextInt(3)) {
            case 0 -> COMMON_CODES[random.nextInt(COMMON_CODES.length)];
            case 1 -> (short) random.nextInt();
            default -> binary ? (short) random.nextInt() : random.nextInt();
        };
        int version = switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> 409;
            case 2 -> (short) random.nextInt();
            default -> binary ? (short) random.nextInt() : random.nextInt();
        };
        int opaque = random.nextInt(4) == 0 ? random.nextInt(100) : random.nextInt();
        int flag = switch (random.nextInt(5)) {
            case 0 -> RemotingHeader.RESPONSE_FLAG;
            case 1 -> RemotingHeader.ONEWAY_FLAG;
            case 2 -> random.nextInt();
            default -> 0;
        };
        LanguageCode language = LanguageCode.values()[random.nextInt(LANGUAGES_498)];
        String remark = switch (random.nextInt(4)) {
            case 0 -> "";
            case 1 -> RandomText.any(random, 60, true);
            default -> null;
        };
        HashMap<String, String> ext = extMap();
        byte[] body = body();

        RemotingCommand command = RemotingCommand.createRequestCommand(code, null);
        command.setLanguage(org.apache.rocketmq.remoting.protocol.LanguageCode.valueOf(language.name()));
        command.setVersion(version);
        command.setOpaque(opaque);
        command.setFlag(flag);
        command.setRemark(remark);
        command.setExtFields(ext);
        command.setSerializeTypeCurrentRPC(org.apache.rocketmq.remoting.protocol.SerializeType.valueOf(type.name()));
        command.setBody(body.length == 0 ? null : body);

        RemotingHeader header = new RemotingHeader().code(code).language(language).version(version).opaque(opaque)
            .flag(flag).remark(remark).serializeType(type);
        if (ext != null) {
            header.ext().putAll(ext).markPresent();
        }
        return new Sample(command, header, ext, body);
    }

    private HashMap<String, String> extMap() {
        int shape = random.nextInt(10);
        if (shape == 0) {
            return null;
        }
        HashMap<String, String> map = new HashMap<>();
        int entries = shape == 1 ? 0 : random.nextInt(shape < 8 ? 16 : 60);
        for (int i = 0; i < entries; i++) {
            String value = switch (random.nextInt(10)) {
                case 0 -> null;
                case 1 -> "";
                case 2, 3 -> properties();
                case 4 -> Long.toString(random.nextLong());
                case 5 -> Boolean.toString(random.nextBoolean());
                default -> RandomText.any(random, 40, true);
            };
            map.put(key(), value);
        }
        return map;
    }

    private String key() {
        return switch (random.nextInt(4)) {
            case 0 -> String.valueOf((char) ('a' + random.nextInt(26)));
            case 1 -> "k" + random.nextInt(1000);
            case 2 -> "x" + RandomText.any(random, 12, false);
            default -> PROPERTY_NAMES[random.nextInt(PROPERTY_NAMES.length)] + random.nextInt(50);
        };
    }

    /** A message properties string as a SEND header carries it: name, 0x01, value, 0x02, and so on. */
    private String properties() {
        StringBuilder properties = new StringBuilder();
        int count = 1 + random.nextInt(6);
        for (int i = 0; i < count; i++) {
            properties.append(PROPERTY_NAMES[random.nextInt(PROPERTY_NAMES.length)]).append('\u0001')
                .append(RandomText.propertyText(random, 20)).append('\u0002');
        }
        return properties.toString();
    }

    private byte[] body() {
        int size = switch (random.nextInt(20)) {
            case 0, 1, 2, 3, 4, 5 -> 0;
            case 6 -> random.nextInt(LARGE_BODY);
            default -> random.nextInt(300);
        };
        return RandomText.bytes(random, size);
    }
}
