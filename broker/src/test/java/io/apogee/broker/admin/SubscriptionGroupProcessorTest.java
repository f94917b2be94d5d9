package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mqadmin's updateSubGroup, getConsumerConfig and deleteSubGroup (codes 200, 352, 201, 207). */
class SubscriptionGroupProcessorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aGroupIsCreatedReadKeptAndReplaced() throws IOException {
        BrokerMetadata metadata = TempMetadata.open(dir);
        try (ProcessorHarness harness = harness(metadata, 10)) {
            Frame created = update(harness, "{\"groupName\":\"billing\",\"consumeEnable\":false,\"consumeMessageOrderly\":true,"
                + "\"retryQueueNums\":2,\"retryMaxTimes\":3,\"whichBrokerWhenConsumeSlowly\":1,"
                + "\"groupRetryPolicy\":{\"type\":\"EXPONENTIAL\"},\"attributes\":{\"+k\":\"v\"}}");
            assertThat(created.code()).isEqualTo(ResponseCode.SUCCESS);
            JsonNode one = JSON.readTree(get(harness, "billing").body());
            assertThat(one.path("groupName").asText()).isEqualTo("billing");
            assertThat(one.path("consumeEnable").asBoolean()).isFalse();
            assertThat(one.path("consumeFromMinEnable").asBoolean()).isTrue();
            assertThat(one.path("consumeBroadcastEnable").asBoolean()).isTrue();
            assertThat(one.path("consumeMessageOrderly").asBoolean()).isTrue();
            assertThat(one.path("retryQueueNums").asInt()).isEqualTo(2);
            assertThat(one.path("retryMaxTimes").asInt()).isEqualTo(3);
            assertThat(one.path("brokerId").asLong()).isZero();
            assertThat(one.path("notifyConsumerIdsChangedEnable").asBoolean()).isTrue();
            assertThat(one.path("consumeTimeoutMinute").asInt()).isEqualTo(15);
            assertThat(one.path("groupRetryPolicy").toString()).isEqualTo("{\"type\":\"EXPONENTIAL\"}");
            assertThat(one.path("attributes").toString()).isEqualTo("{\"+k\":\"v\"}");

            assertThat(update(harness, "{\"groupName\":\"billing\",\"retryMaxTimes\":5}").code())
                .isEqualTo(ResponseCode.SUCCESS);
            JsonNode replaced = JSON.readTree(get(harness, "billing").body());
            assertThat(replaced.path("retryMaxTimes").asInt()).isEqualTo(5);
            assertThat(replaced.path("consumeEnable").asBoolean()).as("a field left out takes the default").isTrue();
            assertThat(replaced.has("groupRetryPolicy")).isFalse();
        }
        assertThat(TempMetadata.open(dir).groups().get("billing").retryMaxTimes()).as("written at once").isEqualTo(5);
    }

    @Test
    void everyGroupIsListedWithTheCountAndADataVersion() throws IOException {
        BrokerMetadata metadata = TempMetadata.open(dir);
        metadata.groups().put(new SubscriptionGroup("auto", true, true, true, 1, 16, 0, 1, true));
        try (ProcessorHarness harness = harness(metadata, 10)) {
            update(harness, "{\"groupName\":\"billing\"}");
            Frame all = harness.sendRaw(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, Map.of(), null);
            assertThat(all.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(all.ext("totalGroupNum")).isEqualTo("2");
            JsonNode root = JSON.readTree(all.body());
            assertThat(root.path("subscriptionGroupTable").fieldNames()).toIterable().containsExactly("auto", "billing");
            assertThat(root.path("subscriptionGroupTable").path("auto").path("retryMaxTimes").asInt()).isEqualTo(16);
            assertThat(root.path("forbiddenTable").isObject()).isTrue();
            assertThat(root.path("dataVersion").path("counter").asLong()).isEqualTo(1);
            assertThat(root.path("dataVersion").path("timestamp").asLong()).isEqualTo(5_000);
        }
    }

    @Test
    void aGroupIsDeletedWithItsOffsetsOnlyWhenAsked() {
        BrokerMetadata metadata = TempMetadata.open(dir);
        ConsumerOffsetTable offsets = metadata.offsets();
        offsets.commit("billing", "Orders", 0, 7);
        offsets.commit("audit", "Orders", 0, 3);
        try (ProcessorHarness harness = harness(metadata, 10)) {
            update(harness, "{\"groupName\":\"billing\"}");
            update(harness, "{\"groupName\":\"audit\"}");
            assertThat(delete(harness, "audit", "false").code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(get(harness, "audit").code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
            assertThat(offsets.offset("audit", "Orders", 0)).isEqualTo(3);
            assertThat(delete(harness, "billing", "true").code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(offsets.offset("billing", "Orders", 0)).isEqualTo(ConsumerOffsetTable.NONE);
            assertThat(delete(harness, "never", null).code()).as("as RocketMQ: nothing to delete is no error")
                .isEqualTo(ResponseCode.SUCCESS);
            Frame bad = delete(harness, "billing", "yes");
            assertThat(bad.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            assertThat(bad.remark()).isEqualTo("cleanOffset must be true or false: yes");
            Frame missing = harness.sendRaw(RequestCode.DELETE_SUBSCRIPTIONGROUP, Map.of(), null);
            assertThat(missing.remark()).isEqualTo("groupName is missing");
        }
        BrokerMetadata reopened = TempMetadata.open(dir);
        assertThat(reopened.groups().get("billing")).isNull();
        assertThat(reopened.offsets().offset("billing", "Orders", 0)).isEqualTo(ConsumerOffsetTable.NONE);
    }

    @Test
    void badBodiesNamesAndTheGroupLimitAreRefused() {
        BrokerMetadata metadata = TempMetadata.open(dir);
        try (ProcessorHarness harness = harness(metadata, 1)) {
            assertRefused(harness, "not json", ResponseCode.INVALID_PARAMETER, "the body is not JSON: ");
            assertRefused(harness, "[1]", ResponseCode.INVALID_PARAMETER,
                "the body must be a SubscriptionGroupConfig JSON object");
            assertRefused(harness, "{\"consumeEnable\":true}", ResponseCode.INVALID_PARAMETER, "groupName must be a string");
            assertRefused(harness, "{\"groupName\":\"a b\"}", ResponseCode.INVALID_PARAMETER,
                "The specified group: a b, contains illegal characters");
            assertRefused(harness, "{\"groupName\":\"g\",\"consumeEnable\":\"yes\"}", ResponseCode.INVALID_PARAMETER,
                "consumeEnable must be true or false: \"yes\"");
            assertRefused(harness, "{\"groupName\":\"g\",\"retryQueueNums\":-1}", ResponseCode.INVALID_PARAMETER,
                "retryQueueNums must be a whole number from 0 to 1024: -1");
            assertRefused(harness, "{\"groupName\":\"g\",\"attributes\":[]}", ResponseCode.INVALID_PARAMETER,
                "attributes must be a JSON object: []");
            assertThat(harness.sendRaw(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, Map.of(), null).remark())
                .isEqualTo("the body must be a SubscriptionGroupConfig JSON object");
            assertThat(update(harness, "{\"groupName\":\"first\"}").code()).isEqualTo(ResponseCode.SUCCESS);
            assertRefused(harness, "{\"groupName\":\"second\"}", ResponseCode.SYSTEM_ERROR,
                "subscription group [second] cannot be created: the broker holds its limit of 1 groups");
            assertThat(update(harness, "{\"groupName\":\"first\",\"retryMaxTimes\":1}").code())
                .as("an existing group may still change").isEqualTo(ResponseCode.SUCCESS);
            assertThat(get(harness, "second").remark()).isEqualTo("No group in this broker");
            assertThat(harness.sendRaw(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, Map.of(), null).code())
                .isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        }
        assertThat(metadata.groups().all()).extracting(SubscriptionGroup::name).containsExactly("first");
    }

    private ProcessorHarness harness(BrokerMetadata metadata, int maxGroups) {
        ManualClock clock = new ManualClock(5_000);
        return new ProcessorHarness(new SubscriptionGroupProcessor(metadata.groups(),
            new ConsumerGroups(metadata.groups(), maxGroups), metadata.offsets(), clock), SubscriptionGroupProcessor.CODES);
    }

    private static void assertRefused(ProcessorHarness harness, String body, int code, String remarkStart) {
        Frame answer = update(harness, body);
        assertThat(answer.code()).as(body).isEqualTo(code);
        assertThat(answer.remark()).as(body).startsWith(remarkStart);
    }

    private static Frame update(ProcessorHarness harness, String body) {
        return harness.sendRaw(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, Map.of(), ProcessorHarness.utf8(body));
    }

    private static Frame get(ProcessorHarness harness, String group) {
        return harness.sendRaw(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, Map.of("group", group), null);
    }

    private static Frame delete(ProcessorHarness harness, String group, String cleanOffset) {
        return harness.sendRaw(RequestCode.DELETE_SUBSCRIPTIONGROUP, cleanOffset == null ? Map.of("groupName", group)
            : Map.of("groupName", group, "cleanOffset", cleanOffset), null);
    }
}
