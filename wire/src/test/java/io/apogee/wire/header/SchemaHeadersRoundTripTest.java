package io.apogee.wire.header;

import static io.apogee.wire.header.RocketMqOracle.extFields;
import static io.apogee.wire.header.RocketMqOracle.fieldsOf;
import static io.apogee.wire.header.RocketMqOracle.get;
import static io.apogee.wire.header.RocketMqOracle.keys;
import static io.apogee.wire.header.RocketMqOracle.map;
import static io.apogee.wire.header.RocketMqOracle.ours;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.text.InternTable;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.ExtFields;
import java.lang.reflect.Field;
import java.util.HashMap;
import java.util.Random;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.header.namesrv.DeleteKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetKVConfigResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.PutKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every header built on {@link HeaderSchema}, against Apache RocketMQ 5.4.0's class of the same name: random values
 * set on RocketMQ's header and flattened by {@code makeCustomHeaderToNet} decode into ours field for field; our
 * encoding has exactly RocketMQ's keys, values and iteration order; and RocketMQ's {@code decodeCommandCustomHeader}
 * reads our encoding back into the original values.
 */
class SchemaHeadersRoundTripTest {
    private static final int ROUNDS = 150;
    private static final String UNIQUE_KEY_QUERY = "_UNIQUE_KEY_QUERY";

    record Case(Supplier<CommandHeader> ours, Class<? extends CommandCustomHeader> theirs, int code) {
        @Override
        public String toString() {
            return theirs.getSimpleName() + " (" + RequestCode.describe(code) + ")";
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
            new Case(io.apogee.wire.header.PutKVConfigRequestHeader::new, PutKVConfigRequestHeader.class, RequestCode.PUT_KV_CONFIG),
            new Case(io.apogee.wire.header.GetKVConfigRequestHeader::new, GetKVConfigRequestHeader.class, RequestCode.GET_KV_CONFIG),
            new Case(io.apogee.wire.header.GetKVConfigResponseHeader::new, GetKVConfigResponseHeader.class, RequestCode.GET_KV_CONFIG),
            new Case(io.apogee.wire.header.DeleteKVConfigRequestHeader::new, DeleteKVConfigRequestHeader.class,
                RequestCode.DELETE_KV_CONFIG),
            new Case(io.apogee.wire.header.GetRouteInfoRequestHeader::new, GetRouteInfoRequestHeader.class,
                RequestCode.GET_ROUTEINFO_BY_TOPIC),
            new Case(io.apogee.wire.header.DeleteTopicFromNamesrvRequestHeader::new, DeleteTopicFromNamesrvRequestHeader.class,
                RequestCode.DELETE_TOPIC_IN_NAMESRV),
            new Case(io.apogee.wire.header.RegisterBrokerRequestHeader::new, RegisterBrokerRequestHeader.class,
                RequestCode.REGISTER_BROKER),
            new Case(io.apogee.wire.header.RegisterBrokerResponseHeader::new, RegisterBrokerResponseHeader.class,
                RequestCode.REGISTER_BROKER),
            new Case(io.apogee.wire.header.UnRegisterBrokerRequestHeader::new, UnRegisterBrokerRequestHeader.class,
                RequestCode.UNREGISTER_BROKER),
            broker(EndTransactionRequestHeader::new, "EndTransactionRequestHeader", RequestCode.END_TRANSACTION),
            broker(EmptyRpcRequestHeader::new, "HeartbeatRequestHeader", RequestCode.HEART_BEAT),
            broker(EmptyRpcRequestHeader::new, "LockBatchMqRequestHeader", RequestCode.LOCK_BATCH_MQ),
            broker(EmptyRpcRequestHeader::new, "UnlockBatchMqRequestHeader", RequestCode.UNLOCK_BATCH_MQ),
            broker(UnregisterClientRequestHeader::new, "UnregisterClientRequestHeader", RequestCode.UNREGISTER_CLIENT),
            broker(GetConsumerListByGroupRequestHeader::new, "GetConsumerListByGroupRequestHeader",
                RequestCode.GET_CONSUMER_LIST_BY_GROUP),
            broker(QueryConsumerOffsetRequestHeader::new, "QueryConsumerOffsetRequestHeader", RequestCode.QUERY_CONSUMER_OFFSET),
            broker(QueryConsumerOffsetResponseHeader::new, "QueryConsumerOffsetResponseHeader", RequestCode.QUERY_CONSUMER_OFFSET),
            broker(UpdateConsumerOffsetRequestHeader::new, "UpdateConsumerOffsetRequestHeader", RequestCode.UPDATE_CONSUMER_OFFSET),
            broker(GetMaxOffsetRequestHeader::new, "GetMaxOffsetRequestHeader", RequestCode.GET_MAX_OFFSET),
            broker(GetMaxOffsetResponseHeader::new, "GetMaxOffsetResponseHeader", RequestCode.GET_MAX_OFFSET),
            broker(GetMinOffsetRequestHeader::new, "GetMinOffsetRequestHeader", RequestCode.GET_MIN_OFFSET),
            broker(GetMinOffsetResponseHeader::new, "GetMinOffsetResponseHeader", RequestCode.GET_MIN_OFFSET),
            broker(SearchOffsetRequestHeader::new, "SearchOffsetRequestHeader", RequestCode.SEARCH_OFFSET_BY_TIMESTAMP),
            broker(SearchOffsetResponseHeader::new, "SearchOffsetResponseHeader", RequestCode.SEARCH_OFFSET_BY_TIMESTAMP),
            broker(GetEarliestMsgStoretimeRequestHeader::new, "GetEarliestMsgStoretimeRequestHeader",
                RequestCode.GET_EARLIEST_MSG_STORETIME),
            broker(GetEarliestMsgStoretimeResponseHeader::new, "GetEarliestMsgStoretimeResponseHeader",
                RequestCode.GET_EARLIEST_MSG_STORETIME),
            broker(ConsumerSendMsgBackRequestHeader::new, "ConsumerSendMsgBackRequestHeader", RequestCode.CONSUMER_SEND_MSG_BACK),
            broker(QueryMessageRequestHeader::new, "QueryMessageRequestHeader", RequestCode.QUERY_MESSAGE),
            broker(QueryMessageResponseHeader::new, "QueryMessageResponseHeader", RequestCode.QUERY_MESSAGE),
            broker(ViewMessageRequestHeader::new, "ViewMessageRequestHeader", RequestCode.VIEW_MESSAGE_BY_ID),
            broker(CreateTopicRequestHeader::new, "CreateTopicRequestHeader", RequestCode.UPDATE_AND_CREATE_TOPIC),
            broker(GetAllTopicConfigRequestHeader::new, "GetAllTopicConfigRequestHeader", RequestCode.GET_ALL_TOPIC_CONFIG),
            broker(GetAllTopicConfigResponseHeader::new, "GetAllTopicConfigResponseHeader", RequestCode.GET_ALL_TOPIC_CONFIG),
            broker(DeleteTopicRequestHeader::new, "DeleteTopicRequestHeader", RequestCode.DELETE_TOPIC_IN_BROKER),
            broker(GetTopicStatsInfoRequestHeader::new, "GetTopicStatsInfoRequestHeader", RequestCode.GET_TOPIC_STATS_INFO),
            broker(GetConsumeStatsRequestHeader::new, "GetConsumeStatsRequestHeader", RequestCode.GET_CONSUME_STATS),
            broker(GetConsumerConnectionListRequestHeader::new, "GetConsumerConnectionListRequestHeader",
                RequestCode.GET_CONSUMER_CONNECTION_LIST),
            broker(QueryTopicConsumeByWhoRequestHeader::new, "QueryTopicConsumeByWhoRequestHeader",
                RequestCode.QUERY_TOPIC_CONSUME_BY_WHO),
            broker(GetConsumerRunningInfoRequestHeader::new, "GetConsumerRunningInfoRequestHeader",
                RequestCode.GET_CONSUMER_RUNNING_INFO),
            broker(ResetOffsetRequestHeader::new, "ResetOffsetRequestHeader", RequestCode.INVOKE_BROKER_TO_RESET_OFFSET),
            broker(NotifyConsumerIdsChangedRequestHeader::new, "NotifyConsumerIdsChangedRequestHeader",
                RequestCode.NOTIFY_CONSUMER_IDS_CHANGED),
            broker(CheckTransactionStateRequestHeader::new, "CheckTransactionStateRequestHeader",
                RequestCode.CHECK_TRANSACTION_STATE));
    }

    /** A broker header: RocketMQ's class of that simple name in {@code protocol.header}. */
    private static Case broker(Supplier<CommandHeader> ours, String theirs, int code) {
        try {
            Class<?> type = Class.forName("org.apache.rocketmq.remoting.protocol.header." + theirs);
            return new Case(ours, type.asSubclass(CommandCustomHeader.class), code);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void decodesWhatRocketMqSendsAndEncodesWhatRocketMqReads(Case header) {
        long seed = RocketMqOracle.seed();
        Random random = new Random(seed);
        InternTable names = new InternTable(1024, 512);
        CommandHeader ours = header.ours().get();
        for (int round = 0; round < ROUNDS; round++) {
            CommandCustomHeader theirs = RocketMqOracle.newInstance(header.theirs());
            RocketMqOracle.randomize(theirs, random);
            RemotingCommand command = RemotingCommand.createRequestCommand(header.code(), theirs);
            Boolean uniqueKeyQuery = null;
            if (ours instanceof QueryMessageRequestHeader && random.nextBoolean()) {
                uniqueKeyQuery = random.nextBoolean(); // what MQClientAPIImpl.queryMessage adds beside the header
                command.addExtField(UNIQUE_KEY_QUERY, uniqueKeyQuery.toString());
            }
            HashMap<String, String> wire = RocketMqOracle.flatten(command);
            String context = header + " seed " + seed + " round " + round + " wire " + wire;

            ours.decode(extFields(wire), names);
            for (Field field : fieldsOf(header.theirs())) {
                assertThat(ours(ours, field.getName())).as(context + " field " + field.getName()).isEqualTo(get(field, theirs));
            }
            if (ours instanceof QueryMessageRequestHeader query) {
                assertThat(query.uniqueKeyQuery()).as(context).isEqualTo(uniqueKeyQuery);
            }

            ExtFields encoded = new ExtFields();
            ours.encode(encoded);
            assertThat(keys(encoded)).as(context + " key order").containsExactlyElementsOf(wire.keySet());
            assertThat(map(encoded)).as(context).isEqualTo(wire);

            CommandCustomHeader back = RocketMqOracle.decode(map(encoded), header.theirs());
            for (Field field : fieldsOf(header.theirs())) {
                assertThat(get(field, back)).as(context + " RocketMQ reads " + field.getName()).isEqualTo(get(field, theirs));
            }
        }
    }
}
