package io.apogee.broker.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.store.file.FileIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.DeleteKVConfigRequestHeader;
import io.apogee.wire.header.GetKVConfigRequestHeader;
import io.apogee.wire.header.PutKVConfigRequestHeader;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The KV config codes (docs/protocol.md §3.3 100, 101, 102, 219), kept in a file that a new processor reads back. */
class KvConfigProcessorTest {
    private static final String NAMESPACE = "ORDER_TOPIC_CONFIG";
    private final ObjectMapper mapper = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aValuePutIsReadBackListedAndSurvivesANewProcessor() throws IOException {
        Path file = dir.resolve("config").resolve(KvConfigProcessor.FILE_NAME);
        try (ProcessorHarness harness = new ProcessorHarness(new KvConfigProcessor(file), KvConfigProcessor.CODES)) {
            Frame put = harness.send(RequestCode.PUT_KV_CONFIG,
                new PutKVConfigRequestHeader().namespace(NAMESPACE).key("TopicOrder").value("broker-a:4"));
            assertThat(put.code()).isEqualTo(ResponseCode.SUCCESS);
            Frame get = harness.send(RequestCode.GET_KV_CONFIG, get("TopicOrder"));
            assertThat(get.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(get.ext("value")).isEqualTo("broker-a:4");
            Frame list = harness.sendRaw(RequestCode.GET_KVLIST_BY_NAMESPACE, Map.of("namespace", NAMESPACE), null);
            assertThat(list.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(mapper.readTree(list.body()).path("table").path("TopicOrder").asText()).isEqualTo("broker-a:4");
        }
        JsonNode saved = mapper.readTree(Files.readAllBytes(file));
        assertThat(saved.path("configTable").path(NAMESPACE).path("TopicOrder").asText()).isEqualTo("broker-a:4");
        try (ProcessorHarness again = new ProcessorHarness(new KvConfigProcessor(file), KvConfigProcessor.CODES)) {
            assertThat(again.send(RequestCode.GET_KV_CONFIG, get("TopicOrder")).ext("value")).isEqualTo("broker-a:4");
        }
    }

    @Test
    void aMissingValueOrNamespaceIsQueryNotFound() {
        try (ProcessorHarness harness = new ProcessorHarness(new KvConfigProcessor(dir.resolve("kv.json")),
            KvConfigProcessor.CODES)) {
            Frame get = harness.send(RequestCode.GET_KV_CONFIG, get("Nothing"));
            assertThat(get.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
            assertThat(get.remark()).isEqualTo("No config item, Namespace: " + NAMESPACE + " Key: Nothing");
            Frame list = harness.sendRaw(RequestCode.GET_KVLIST_BY_NAMESPACE, Map.of("namespace", "none"), null);
            assertThat(list.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
            assertThat(list.remark()).isEqualTo("No config item, Namespace: none");
        }
    }

    @Test
    void aDeleteRemovesTheValueAndAnEmptyNamespace() {
        try (ProcessorHarness harness = new ProcessorHarness(new KvConfigProcessor(dir.resolve("kv.json")),
            KvConfigProcessor.CODES)) {
            harness.send(RequestCode.PUT_KV_CONFIG, new PutKVConfigRequestHeader().namespace(NAMESPACE).key("k").value("v"));
            Frame delete = harness.send(RequestCode.DELETE_KV_CONFIG,
                new DeleteKVConfigRequestHeader().namespace(NAMESPACE).key("k"));
            assertThat(delete.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(harness.send(RequestCode.GET_KV_CONFIG, get("k")).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
            assertThat(harness.sendRaw(RequestCode.GET_KVLIST_BY_NAMESPACE, Map.of("namespace", NAMESPACE), null).code())
                .isEqualTo(ResponseCode.QUERY_NOT_FOUND);
            assertThat(harness.send(RequestCode.DELETE_KV_CONFIG, new DeleteKVConfigRequestHeader().namespace(NAMESPACE)
                .key("k")).code()).as("deleting nothing").isEqualTo(ResponseCode.SUCCESS);
        }
    }

    @Test
    void aHeaderWithoutItsRequiredFieldsIsInvalidParameter() {
        try (ProcessorHarness harness = new ProcessorHarness(new KvConfigProcessor(dir.resolve("kv.json")),
            KvConfigProcessor.CODES)) {
            Frame put = harness.sendRaw(RequestCode.PUT_KV_CONFIG, Map.of("namespace", NAMESPACE, "key", "k"), null);
            assertThat(put.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(put.remark()).startsWith("bad KV config header: ").contains("value");
            assertThat(harness.sendOneway(RequestCode.PUT_KV_CONFIG, new PutKVConfigRequestHeader().namespace(NAMESPACE)
                .key("k").value("v"), null)).as("oneway: stored, not answered").isTrue();
            assertThat(harness.send(RequestCode.GET_KV_CONFIG, get("k")).ext("value")).isEqualTo("v");
        }
    }

    @Test
    void aKeyValueOrNamespacePastItsLimitIsRefusedAndNotStored() throws IOException {
        Path file = dir.resolve("kv.json");
        try (ProcessorHarness harness = new ProcessorHarness(new KvConfigProcessor(file), KvConfigProcessor.CODES)) {
            Frame value = harness.send(RequestCode.PUT_KV_CONFIG,
                new PutKVConfigRequestHeader().namespace(NAMESPACE).key("k").value("v".repeat(70_000)));
            assertThat(value.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(value.remark()).isEqualTo("the KV config value has 70000 characters, more than kvConfigMaxValueLength (65536)");
            Frame key = harness.send(RequestCode.PUT_KV_CONFIG,
                new PutKVConfigRequestHeader().namespace(NAMESPACE).key("k".repeat(2_000)).value("v"));
            assertThat(key.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(key.remark()).contains("kvConfigMaxKeyLength (1024)");
            Frame namespace = harness.send(RequestCode.PUT_KV_CONFIG,
                new PutKVConfigRequestHeader().namespace("n".repeat(300)).key("k").value("v"));
            assertThat(namespace.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(namespace.remark()).contains("kvConfigMaxNamespaceLength (255)");
            assertThat(harness.send(RequestCode.GET_KV_CONFIG, get("k")).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        }
        assertThat(file).doesNotExist();
    }

    @Test
    void theWholeTableIsBoundedAndFreedCharactersCanBeUsedAgain() {
        KvConfigProcessor processor = new KvConfigProcessor(dir.resolve("kv.json"), new NioFileIo(),
            new KvConfigLimits(255, 1024, 1024, 100));
        try (ProcessorHarness harness = new ProcessorHarness(processor, KvConfigProcessor.CODES)) {
            String ns = "N"; // 1 + (1 + 40) + (1 + 40) = 83 characters
            assertThat(put(harness, ns, "a", "v".repeat(40)).code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(put(harness, ns, "b", "v".repeat(40)).code()).isEqualTo(ResponseCode.SUCCESS);
            Frame full = put(harness, ns, "c", "v".repeat(20));
            assertThat(full.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(full.remark()).isEqualTo("the KV config would hold 104 characters, more than kvConfigMaxTableLength (100)");
            assertThat(put(harness, ns, "a", "v".repeat(50)).code()).as("a replaced value counts once: 93")
                .isEqualTo(ResponseCode.SUCCESS);
            harness.send(RequestCode.DELETE_KV_CONFIG, new DeleteKVConfigRequestHeader().namespace(ns).key("b"));
            assertThat(put(harness, ns, "c", "v".repeat(20)).code()).isEqualTo(ResponseCode.SUCCESS);
        }
    }

    /** Every change goes through FileIo.writeAtomically: a temporary file, forced, renamed, the directory forced. */
    @Test
    void everyChangeIsWrittenAtomicallyAndForced() throws IOException {
        List<String> calls = new ArrayList<>();
        FileIo disk = new NioFileIo();
        FileIo recording = (FileIo) Proxy.newProxyInstance(FileIo.class.getClassLoader(), new Class<?>[] {FileIo.class},
            (proxy, method, args) -> {
                calls.add(method.getName());
                return method.invoke(disk, args);
            });
        Path file = dir.resolve("config").resolve(KvConfigProcessor.FILE_NAME);
        try (ProcessorHarness harness = new ProcessorHarness(new KvConfigProcessor(file, recording, KvConfigLimits.DEFAULT),
            KvConfigProcessor.CODES)) {
            put(harness, NAMESPACE, "k", "v");
            harness.send(RequestCode.DELETE_KV_CONFIG, new DeleteKVConfigRequestHeader().namespace(NAMESPACE).key("k"));
        }
        assertThat(calls).filteredOn("writeAtomically"::equals).hasSize(2);
        assertThat(mapper.readTree(Files.readAllBytes(file)).path("configTable").isEmpty()).isTrue();
        try (var entries = Files.list(file.getParent())) {
            assertThat(entries.toList()).as("no temporary file left").containsExactly(file);
        }
    }

    private static Frame put(ProcessorHarness harness, String namespace, String key, String value) {
        return harness.send(RequestCode.PUT_KV_CONFIG, new PutKVConfigRequestHeader().namespace(namespace).key(key).value(value));
    }

    private static GetKVConfigRequestHeader get(String key) {
        return new GetKVConfigRequestHeader().namespace(NAMESPACE).key(key);
    }
}
