package io.apogee.broker.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.DataVersionJson;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.Names;
import io.apogee.common.time.Clock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The subscription-group codes of mqadmin's {@code updateSubGroup}, {@code getConsumerConfig} and
 * {@code deleteSubGroup}: UPDATE_AND_CREATE_SUBSCRIPTIONGROUP (200) creates or replaces a group from RocketMQ's
 * {@code SubscriptionGroupConfig} JSON, GET_SUBSCRIPTIONGROUP_CONFIG (352) answers one group in that form
 * (SUBSCRIPTION_GROUP_NOT_EXIST when unknown), GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201) every group with a data version,
 * and DELETE_SUBSCRIPTIONGROUP (207) removes one, with its committed offsets when {@code cleanOffset} is true. The
 * group table is written at once on each change. A new group past {@code maxSubscriptionGroupCount} is refused with
 * SYSTEM_ERROR, a bad name or field with INVALID_PARAMETER; each remark names what was wrong.
 *
 * <p>Runs on the admin executor thread; the tables are thread-safe.
 */
public final class SubscriptionGroupProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
        RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
        RequestCode.DELETE_SUBSCRIPTIONGROUP};
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SubscriptionGroupTable table;
    private final ConsumerGroups groups;
    private final ConsumerOffsetTable offsets;
    private final Clock clock;
    /** The data version of GET_ALL_SUBSCRIPTIONGROUP_CONFIG: changes made here since start, and when the last was. */
    private final AtomicLong changes = new AtomicLong();
    private volatile long changedAt;

    /** Changes {@code table} within the limit {@code groups} keeps; deletes offsets from {@code offsets}. */
    public SubscriptionGroupProcessor(SubscriptionGroupTable table, ConsumerGroups groups, ConsumerOffsetTable offsets,
        Clock clock) {
        this.table = table;
        this.groups = groups;
        this.offsets = offsets;
        this.clock = clock;
        this.changedAt = clock.millis();
    }

    @Override
    public void process(Exchange exchange) {
        switch (exchange.request().code()) {
            case RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP -> update(exchange);
            case RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG -> getOne(exchange);
            case RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG -> getAll(exchange);
            case RequestCode.DELETE_SUBSCRIPTIONGROUP -> delete(exchange);
            default -> throw new IllegalArgumentException("not a subscription group code: " + exchange.request().code());
        }
    }

    private void update(Exchange exchange) {
        SubscriptionGroupJson.Parsed parsed = SubscriptionGroupJson.parse(bodyText(exchange.body()));
        if (parsed.problem() != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, parsed.problem());
            return;
        }
        SubscriptionGroup group = parsed.group();
        String problem = Names.groupProblem(group.name());
        if (problem != null) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, problem);
            return;
        }
        if (table.get(group.name()) == null && !groups.admits(group.name())) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, groups.refusalRemark(group.name()));
            return;
        }
        table.put(group);
        table.persist();
        changed();
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void getOne(Exchange exchange) {
        String name = exchange.request().ext().get("group");
        SubscriptionGroup group = name == null ? null : table.get(name);
        if (group == null) {
            exchange.reply(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "No group in this broker");
            return;
        }
        exchange.replyJson(SubscriptionGroupJson.of(group));
    }

    private void getAll(Exchange exchange) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode all = root.putObject("subscriptionGroupTable");
        int total = 0;
        for (SubscriptionGroup group : table.all()) {
            all.set(group.name(), SubscriptionGroupJson.of(group));
            total++;
        }
        root.putObject("forbiddenTable");
        DataVersionJson.put(root, changes.get(), changedAt);
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
        exchange.responseHeader(ResponseCode.SUCCESS, null).ext().add("totalGroupNum", total);
        exchange.replyWith(Unpooled.wrappedBuffer(body));
    }

    private void delete(Exchange exchange) {
        String name = exchange.request().ext().get("groupName");
        if (name == null || name.isBlank()) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "groupName is missing");
            return;
        }
        String cleanOffset = exchange.request().ext().get("cleanOffset");
        if (cleanOffset != null && !cleanOffset.equals("true") && !cleanOffset.equals("false")) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, "cleanOffset must be true or false: " + cleanOffset);
            return;
        }
        if (table.remove(name) != null) {
            table.persist();
            changed();
        }
        if ("true".equals(cleanOffset) && offsets.removeGroup(name) > 0) {
            offsets.persist();
        }
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void changed() {
        changes.incrementAndGet();
        changedAt = clock.millis();
    }

    private static String bodyText(ByteBuf body) {
        return body == null ? "" : body.toString(StandardCharsets.UTF_8);
    }
}
