package io.apogee.wire.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the golden conversations kept as test resources beside this class ({@code captures/}): one {@link Frame} per recorded block,
 * its bytes taken from the {@code hex:} lines (the ground truth), the rest from the {@code summary:} line.
 */
public final class CaptureFile {
    /** Every capture file, by name. */
    public static final List<String> ALL = List.of(
        "producer-json.txt", "producer-rocketmq.txt", "consumer-json.txt", "consumer-rocketmq.txt");

    private static final Pattern SUMMARY = Pattern.compile(
        "summary: (request|oneway request|response) code=(-?\\d+) .*opaque=(-?\\d+) flag=(\\d+) serialize=(\\w+) "
            + "header_len=(\\d+) body_len=(\\d+) frame_len=(\\d+)");
    private static final Pattern REQUEST_NAME = Pattern.compile("\\) to (\\w+) opaque=");

    private CaptureFile() {
    }

    /** One recorded frame. */
    public record Frame(String file, int number, String direction, String kind, int code, String requestName,
                        int opaque, int flag, String serialize, int headerLength, int bodyLength, byte[] bytes) {
        /** The whole frame, length prefix included, as a fresh read-only-position buffer. */
        public ByteBuffer buffer() {
            return ByteBuffer.wrap(bytes);
        }

        /** The body bytes (empty when there is no body). */
        public byte[] body() {
            byte[] body = new byte[bodyLength];
            System.arraycopy(bytes, 8 + headerLength, body, 0, bodyLength);
            return body;
        }

        /** True for a response frame. */
        public boolean isResponse() {
            return "response".equals(kind);
        }

        @Override
        public String toString() {
            return file + " frame " + number + " (" + kind + " code " + code + ", " + serialize + ")";
        }
    }

    /** The text of capture {@code name}, a test resource beside this class (see {@code captures/README.md}). */
    public static List<String> lines(String name) {
        try (InputStream in = CaptureFile.class.getResourceAsStream("captures/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no capture resource " + name + " beside " + CaptureFile.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every frame of one capture file, in recorded order. */
    public static List<Frame> read(String name) {
        List<String> lines = lines(name);
        List<Frame> frames = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            if (!line.startsWith("=== frame ")) {
                i++;
                continue;
            }
            int number = Integer.parseInt(line.substring("=== frame ".length()).trim());
            String direction = null;
            Matcher summary = null;
            String requestName = null;
            StringBuilder hex = new StringBuilder();
            i++;
            while (i < lines.size() && !lines.get(i).startsWith("=== frame ")) {
                String l = lines.get(i);
                if (l.startsWith("direction: ")) {
                    direction = l.substring("direction: ".length()).trim();
                } else if (l.startsWith("summary: ")) {
                    summary = SUMMARY.matcher(l);
                    if (!summary.find()) {
                        throw new IllegalStateException(name + ": unreadable summary: " + l);
                    }
                    Matcher request = REQUEST_NAME.matcher(l);
                    requestName = request.find() ? request.group(1) : null;
                } else if (l.equals("hex:")) {
                    i++;
                    while (i < lines.size() && lines.get(i).matches("[0-9a-f]+")) {
                        hex.append(lines.get(i));
                        i++;
                    }
                    continue;
                }
                i++;
            }
            if (summary == null) {
                throw new IllegalStateException(name + ": frame " + number + " has no summary");
            }
            frames.add(new Frame(name, number, direction, summary.group(1), Integer.parseInt(summary.group(2)), requestName,
                Integer.parseInt(summary.group(3)), Integer.parseInt(summary.group(4)), summary.group(5),
                Integer.parseInt(summary.group(6)), Integer.parseInt(summary.group(7)),
                HexFormat.of().parseHex(hex)));
        }
        return frames;
    }

    /** Every frame of every capture file. */
    public static List<Frame> readAll() {
        List<Frame> all = new ArrayList<>();
        for (String name : ALL) {
            all.addAll(read(name));
        }
        return all;
    }
}
