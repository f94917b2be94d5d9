package io.apogee.broker.namesrv;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.common.text.InternTable;
import io.apogee.store.file.FileIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.DeleteKVConfigRequestHeader;
import io.apogee.wire.header.GetKVConfigRequestHeader;
import io.apogee.wire.header.GetKVConfigResponseHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.PutKVConfigRequestHeader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The name server's KV config: PUT_KV_CONFIG (100), GET_KV_CONFIG (101), DELETE_KV_CONFIG (102) and
 * GET_KVLIST_BY_NAMESPACE (219), values by namespace and key (mqadmin {@code updateTopic -o} keeps order-topic
 * configs here). Kept in a JSON file in RocketMQ's kvConfig.json form ({@code {"configTable":{ns:{k:v}}}}), replaced
 * atomically on every change and forced to the disk ({@link FileIo#writeAtomically}). A missing value or namespace is
 * QUERY_NOT_FOUND, as the name server answers. A put past one of the {@link KvConfigLimits} is INVALID_PARAMETER,
 * with a remark naming the limit, and changes nothing.
 *
 * <p>Runs on the admin executor thread only, which owns the table; not thread-safe.
 */
public final class KvConfigProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.PUT_KV_CONFIG, RequestCode.GET_KV_CONFIG, RequestCode.DELETE_KV_CONFIG,
        RequestCode.GET_KVLIST_BY_NAMESPACE};
    /** The file's name in the broker's config directory. */
    public static final String FILE_NAME = "kvConfig.json";

    private final Path file;
    private final FileIo io;
    private final KvConfigLimits limits;
    private final Map<String, Map<String, String>> table = new TreeMap<>();
    /** The characters of every namespace, key and value held, checked against the table's limit. */
    private long tableChars;
    private final ObjectMapper mapper = new ObjectMapper();
    private final InternTable names = new InternTable(64, 255);
    private final PutKVConfigRequestHeader put = new PutKVConfigRequestHeader();
    private final GetKVConfigRequestHeader get = new GetKVConfigRequestHeader();
    private final DeleteKVConfigRequestHeader delete = new DeleteKVConfigRequestHeader();

    /**
     * A processor keeping its table in {@code file}, loaded now if it exists.
     *
     * @throws UncheckedIOException if the file exists but cannot be read as a KV config
     */
    public KvConfigProcessor(Path file) {
        this(file, new NioFileIo(), KvConfigLimits.DEFAULT);
    }

    /**
     * A processor keeping its table in {@code file}, written through {@code io}, within {@code limits}; loaded now if
     * the file exists.
     *
     * @throws UncheckedIOException if the file exists but cannot be read as a KV config
     */
    public KvConfigProcessor(Path file, FileIo io, KvConfigLimits limits) {
        this.file = file;
        this.io = io;
        this.limits = limits;
        if (Files.exists(file)) {
            try {
                JsonNode root = mapper.readTree(file.toFile());
                Map<String, Map<String, String>> loaded = mapper.convertValue(root.path("configTable"),
                    new TypeReference<>() { });
                if (loaded != null) {
                    loaded.forEach((namespace, values) -> values.forEach((key, value) -> store(namespace, key, value)));
                }
            } catch (IOException | IllegalArgumentException e) {
                throw new UncheckedIOException("cannot read the KV config " + file, e instanceof IOException failure ? failure
                    : new IOException(e));
            }
        }
    }

    @Override
    public void process(Exchange exchange) {
        try {
            switch (exchange.request().code()) {
                case RequestCode.PUT_KV_CONFIG -> put(exchange);
                case RequestCode.GET_KV_CONFIG -> get(exchange);
                case RequestCode.DELETE_KV_CONFIG -> delete(exchange);
                case RequestCode.GET_KVLIST_BY_NAMESPACE -> list(exchange);
                default -> throw new IllegalArgumentException("not a KV config code: " + exchange.request().code());
            }
        } catch (MalformedHeaderException e) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "bad KV config header: " + e.getMessage());
        }
    }

    private void put(Exchange exchange) {
        put.clear();
        put.decode(exchange.request().ext(), names);
        String refusal = limits.refusal(put.namespace(), put.key(), put.value());
        Map<String, String> values = table.get(put.namespace());
        String previous = values == null ? null : values.get(put.key());
        long grown = tableChars + put.value().length() - (previous == null ? -put.key().length() : previous.length())
            + (values == null ? put.namespace().length() : 0);
        if (refusal == null) {
            refusal = limits.tableRefusal(grown);
        }
        if (refusal != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, refusal);
            return;
        }
        store(put.namespace(), put.key(), put.value());
        persist();
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    /** Puts a value and keeps {@link #tableChars} up to date. */
    private void store(String namespace, String key, String value) {
        Map<String, String> values = table.get(namespace);
        if (values == null) {
            values = new TreeMap<>();
            table.put(namespace, values);
            tableChars += namespace.length();
        }
        String previous = values.put(key, value);
        tableChars += value.length() - (previous == null ? -key.length() : previous.length());
    }

    private void get(Exchange exchange) {
        get.clear();
        get.decode(exchange.request().ext(), names);
        String value = table.getOrDefault(get.namespace(), Map.of()).get(get.key());
        if (value == null) {
            exchange.reply(ResponseCode.QUERY_NOT_FOUND, "No config item, Namespace: " + get.namespace()
                + " Key: " + get.key());
            return;
        }
        RemotingHeader response = exchange.responseHeader(ResponseCode.SUCCESS, null);
        new GetKVConfigResponseHeader().value(value).encode(response.ext());
        exchange.replyWith(null);
    }

    private void delete(Exchange exchange) {
        delete.clear();
        delete.decode(exchange.request().ext(), names);
        Map<String, String> values = table.get(delete.namespace());
        String removed = values == null ? null : values.remove(delete.key());
        if (removed != null) {
            tableChars -= delete.key().length() + removed.length();
            if (values.isEmpty()) {
                table.remove(delete.namespace());
                tableChars -= delete.namespace().length();
            }
            persist();
        }
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void list(Exchange exchange) {
        String namespace = exchange.request().ext().get("namespace");
        Map<String, String> values = namespace == null ? null : table.get(namespace);
        if (values == null) {
            exchange.reply(ResponseCode.QUERY_NOT_FOUND, "No config item, Namespace: " + namespace);
            return;
        }
        ObjectNode root = mapper.createObjectNode();
        ObjectNode kvs = root.putObject("table");
        values.forEach(kvs::put);
        exchange.replyJson(bytes(root));
    }

    private void persist() {
        ObjectNode root = mapper.createObjectNode();
        ObjectNode namespaces = root.putObject("configTable");
        table.forEach((namespace, values) -> values.forEach(namespaces.putObject(namespace)::put));
        try {
            io.createDirectories(file.toAbsolutePath().getParent());
            io.writeAtomically(file, ByteBuffer.wrap(bytes(root)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the KV config " + file, e);
        }
    }

    private byte[] bytes(ObjectNode root) {
        try {
            return mapper.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON", e);
        }
    }
}
