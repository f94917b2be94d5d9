package io.apogee.wire.frame;

import io.apogee.wire.code.LanguageCode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Random;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;

/** Random headers and bodies, each as an Apache RocketMQ {@link RemotingCommand} and as our {@link RemotingHeader}. */
final class RandomHeaders {
    private static final int[] COMMON_CODES = {0, 1, 2, 3, 10, 11, 14, 15, 17, 19, 34, 35, 38, 40, 105, 310, 320, 361};
    private static final String[] PROPERTY_NAMES = {"KEYS", "UNIQ_KEY", "WAIT", "TAGS", "TRAN_MSG", "PGROUP", "DELAY", "seq", "color"};
    private static final int LARGE_BODY = 256 * 1024;
    private static final int HUGE_BODY = 2 * 1024 * 1024;

    /** One random frame: what RocketMQ is given and what we are given, describing the same thing. */
    record Sample(RemotingCommand command, RemotingHeader header, byte[] body, HashMap<String, String> ext) {
    }

    private final Random random;

    RandomHeaders(Random random) {
        this.random = random;
    }

    Sample sample(SerializeType type) {
        boolean binary = type == SerializeType.ROCKETMQ;
        int code = code(binary);
        int version = switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> 493;
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
        LanguageCode language = LanguageCode.values()[random.nextInt(LanguageCode.values().length)];
        String remark = switch (random.nextInt(4)) {
            case 0 -> "";
            case 1 -> text(60, true);
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
        return new Sample(command, header, body, ext);
    }

    private int code(boolean binary) {
        return switch (random.nextInt(3)) {
            case 0 -> COMMON_CODES[random.nextInt(COMMON_CODES.length)];
            case 1 -> (short) random.nextInt();
            default -> binary ? (short) random.nextInt() : random.nextInt();
        };
    }

    HashMap<String, String> extMap() {
        int shape = random.nextInt(10);
        if (shape == 0) {
            return null;
        }
        HashMap<String, String> map = new HashMap<>();
        int entries = shape == 1 ? 0 : random.nextInt(shape < 8 ? 16 : 60);
        for (int i = 0; i < entries; i++) {
            String key = key();
            String value = switch (random.nextInt(10)) {
                case 0 -> null;
                case 1 -> "";
                case 2 -> properties();
                case 3 -> Long.toString(random.nextLong());
                case 4 -> Boolean.toString(random.nextBoolean());
                default -> text(40, true);
            };
            map.put(key, value);
        }
        return map;
    }

    String key() {
        return switch (random.nextInt(4)) {
            case 0 -> String.valueOf((char) ('a' + random.nextInt(26)));
            case 1 -> "k" + random.nextInt(1000);
            case 2 -> nonEmpty(withoutSupplementary(text(12, false)));
            default -> PROPERTY_NAMES[random.nextInt(PROPERTY_NAMES.length)] + random.nextInt(50);
        };
    }

    /**
     * Keys stay in the Basic Multilingual Plane: fastjson2 2.0.43, and so RocketMQ 5.4.0, fails to read a JSON map
     * key holding a 4-byte UTF-8 character ("malformed input"), even one it wrote itself. Values are not affected.
     */
    private static String withoutSupplementary(String text) {
        StringBuilder bmp = new StringBuilder(text.length());
        text.codePoints().filter(Character::isBmpCodePoint).forEach(bmp::appendCodePoint);
        return bmp.toString();
    }

    private String nonEmpty(String text) {
        return text.isEmpty() ? "x" : text;
    }

    /** A message properties string: name, 0x01, value, 0x02, and so on. */
    String properties() {
        StringBuilder properties = new StringBuilder();
        int count = 1 + random.nextInt(6);
        for (int i = 0; i < count; i++) {
            properties.append(PROPERTY_NAMES[random.nextInt(PROPERTY_NAMES.length)]).append('\u0001')
                .append(text(20, false)).append('\u0002');
        }
        return properties.toString();
    }

    /** Text mixing ASCII, JSON specials, control characters, Latin-1, CJK, emoji and (if allowed) lone surrogates. */
    String text(int maxChars, boolean loneSurrogates) {
        int length = random.nextInt(maxChars + 1);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(12)) {
                case 0 -> text.append((char) random.nextInt(0x20));
                case 1 -> text.append("\"\\/".charAt(random.nextInt(3)));
                case 2 -> text.append((char) (0x80 + random.nextInt(0x780)));
                case 3 -> text.append((char) (0x4E00 + random.nextInt(0x5000)));
                case 4 -> text.appendCodePoint(0x1F600 + random.nextInt(0x50));
                case 5 -> text.append(loneSurrogates ? (char) (0xD800 + random.nextInt(0x800)) : '?');
                case 6 -> text.append((char) (0xE000 + random.nextInt(0x2000)));
                case 7 -> text.append(random.nextBoolean() ? '\u0001' : '\u0002');
                default -> text.append((char) (0x20 + random.nextInt(0x5F)));
            }
        }
        return text.toString();
    }

    private byte[] body() {
        int size = switch (random.nextInt(20)) {
            case 0, 1, 2, 3, 4, 5 -> 0;
            case 6 -> random.nextInt(LARGE_BODY);
            case 7 -> random.nextInt(50) == 0 ? HUGE_BODY : random.nextInt(4096);
            default -> random.nextInt(300);
        };
        byte[] body = new byte[size];
        random.nextBytes(body);
        return body;
    }

    /** The keys of {@code map} in a random order, for filling {@link ExtFields} in insertion order. */
    List<String> shuffledKeys(HashMap<String, String> map) {
        List<String> keys = new ArrayList<>(map.keySet());
        java.util.Collections.shuffle(keys, random);
        return keys;
    }
}
