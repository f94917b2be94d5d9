package io.apogee.cli.store;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Checks the metadata directory: every JSON file parses (Apache RocketMQ's tables, Apogee's ACLs), every Apogee
 * table ({@code *.conf}) has its header and well-formed lines, and the consumer and delay offsets name only topics
 * of the topic table and queues those topics have. RocketMQ writes its tables with fastjson, whose integer map keys
 * are unquoted, so the parser accepts unquoted names.
 *
 * <p>Not thread-safe: one verification, one thread.
 */
final class MetadataCheck {
    private static final String SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX";
    private static final String HEADER_PREFIX = "# apogee ";
    private static final int TOPIC_FIELDS = 7;
    private static final int OFFSET_FIELDS = 4;

    private final StoreDirectory store;
    private final Findings findings;
    private final JsonMapper json = JsonMapper.builder().enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES).build();
    /** Queue count per topic (the larger of read and write), from whichever topic table the store has. */
    private final Map<String, Integer> topics = new HashMap<>();
    private boolean hasTopicTable;

    MetadataCheck(StoreDirectory store, Findings findings) {
        this.store = store;
        this.findings = findings;
    }

    void check() {
        List<Path> files = ReadOnlyFiles.list(store.metadata());
        Map<Path, JsonNode> parsed = new HashMap<>();
        Map<Path, List<List<String>>> tables = new HashMap<>();
        for (Path file : files) {
            String fileName = file.getFileName().toString();
            if (fileName.endsWith(".json")) {
                JsonNode node = parseJson(file);
                if (node != null) {
                    parsed.put(file, node);
                }
            } else if (fileName.endsWith(".conf")) {
                List<List<String>> lines = ApogeeTable.parse(store.name(file), ReadOnlyFiles.readAll(file), findings);
                if (lines != null) {
                    tables.put(file, lines);
                }
            }
        }
        parsed.forEach((file, node) -> {
            if (file.getFileName().toString().equals("topics.json")) {
                readRocketMqTopics(file, node);
            }
        });
        tables.forEach((file, lines) -> {
            if (file.getFileName().toString().equals("topics.conf")) {
                readApogeeTopics(file, lines);
            }
        });
        parsed.forEach(this::checkRocketMqOffsets);
        tables.forEach((file, lines) -> {
            if (file.getFileName().toString().equals("consumer-offsets.conf")) {
                checkApogeeOffsets(file, lines);
            }
        });
    }

    private JsonNode parseJson(Path file) {
        byte[] bytes = ReadOnlyFiles.readAll(file);
        try {
            return json.readTree(new String(bytes, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            JsonLocation location = e.getLocation();
            long offset = location == null ? -1 : location.getCharOffset();
            findings.add(store.name(file), offset, "not JSON: " + e.getOriginalMessage());
            return null;
        }
    }

    private void readRocketMqTopics(Path file, JsonNode node) {
        JsonNode table = node.path("topicConfigTable");
        if (!table.isObject()) {
            findings.add(store.name(file), -1, "no topicConfigTable object");
            return;
        }
        hasTopicTable = true;
        for (Map.Entry<String, JsonNode> topic : table.properties()) {
            int queues = Math.max(topic.getValue().path("readQueueNums").asInt(0),
                topic.getValue().path("writeQueueNums").asInt(0));
            topics.merge(topic.getKey(), queues, Math::max);
        }
    }

    private void readApogeeTopics(Path file, List<List<String>> lines) {
        hasTopicTable = true;
        for (List<String> fields : lines) {
            Integer read = fields.size() == TOPIC_FIELDS ? ApogeeTable.number(fields.get(1)) : null;
            Integer write = fields.size() == TOPIC_FIELDS ? ApogeeTable.number(fields.get(2)) : null;
            if (read == null || write == null) {
                findings.add(store.name(file), -1, "bad topic line " + fields);
            } else {
                topics.merge(fields.get(0), Math.max(read, write), Math::max);
            }
        }
    }

    private void checkRocketMqOffsets(Path file, JsonNode node) {
        String fileName = file.getFileName().toString();
        JsonNode table = node.path("offsetTable");
        if (fileName.equals("consumerOffset.json") && table.isObject()) {
            for (Map.Entry<String, JsonNode> entry : table.properties()) {
                int at = entry.getKey().lastIndexOf('@');
                String topic = at < 0 ? entry.getKey() : entry.getKey().substring(0, at);
                for (Iterator<String> queues = entry.getValue().fieldNames(); queues.hasNext();) {
                    checkQueue(file, "consumer offset of " + entry.getKey(), topic, ApogeeTable.number(queues.next()));
                }
            }
        } else if (fileName.equals("delayOffset.json") && table.isObject()) {
            for (Iterator<String> levels = table.fieldNames(); levels.hasNext();) {
                Integer level = ApogeeTable.number(levels.next());
                checkQueue(file, "delay offset of level " + level, SCHEDULE_TOPIC, level == null ? null : level - 1);
            }
        }
    }

    private void checkApogeeOffsets(Path file, List<List<String>> lines) {
        for (List<String> fields : lines) {
            if (fields.size() != OFFSET_FIELDS || ApogeeTable.number(fields.get(2)) == null) {
                findings.add(store.name(file), -1, "bad consumer-offset line " + fields);
            } else {
                checkQueue(file, "consumer offset of " + fields.get(0), fields.get(1), ApogeeTable.number(fields.get(2)));
            }
        }
    }

    private void checkQueue(Path file, String what, String topic, Integer queueId) {
        if (!hasTopicTable) {
            return;
        }
        Integer queues = topics.get(topic);
        if (queues == null && topic.equals(SCHEDULE_TOPIC)) {
            return; // RocketMQ keeps the schedule topic out of its table until a delayed message arrives
        }
        if (queues == null) {
            findings.add(store.name(file), -1, what + " names unknown topic " + topic);
        } else if (queueId == null || queueId < 0 || queueId >= queues) {
            findings.add(store.name(file), -1, what + " names queue " + queueId + " of " + topic + ", which has "
                + queues + " queues");
        }
    }

    /** Apogee's table layout: a header line "# apogee TABLE vN", then TAB-separated fields with backslash escapes. */
    private static final class ApogeeTable {
        private ApogeeTable() {
        }

        static List<List<String>> parse(String name, byte[] bytes, Findings findings) {
            String text = new String(bytes, StandardCharsets.UTF_8);
            int headerEnd = text.indexOf('\n');
            if (!text.startsWith(HEADER_PREFIX) || headerEnd < 0) {
                findings.add(name, 0, "no \"" + HEADER_PREFIX + "TABLE vN\" header line");
                return null;
            }
            List<List<String>> lines = new ArrayList<>();
            int lineStart = headerEnd + 1;
            while (lineStart < text.length()) {
                int lineEnd = text.indexOf('\n', lineStart);
                if (lineEnd < 0) {
                    findings.add(name, lineStart, "last line has no line end");
                    return null;
                }
                List<String> fields = new ArrayList<>();
                for (String field : text.substring(lineStart, lineEnd).split("\t", -1)) {
                    String value = unescape(field);
                    if (value == null) {
                        findings.add(name, lineStart, "bad escape in line");
                        return null;
                    }
                    fields.add(value);
                }
                lines.add(fields);
                lineStart = lineEnd + 1;
            }
            return lines;
        }

        private static String unescape(String field) {
            StringBuilder out = new StringBuilder(field.length());
            for (int i = 0; i < field.length(); i++) {
                char c = field.charAt(i);
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (++i == field.length()) {
                    return null;
                }
                switch (field.charAt(i)) {
                    case '\\' -> out.append('\\');
                    case 't' -> out.append('\t');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    default -> {
                        return null;
                    }
                }
            }
            return out.toString();
        }

        static Integer number(String text) {
            try {
                return Integer.valueOf(text);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
