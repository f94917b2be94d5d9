package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;
import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * CONSUMER_SEND_MSG_BACK (36): hands back a message the consumer failed to consume, to be retried later or moved to
 * the dead-letter queue. Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  offset             long     required       the physical offset of the failed message
 *  group              name     required       the consumer group
 *  delayLevel         int      required       0 lets the broker choose, -1 means the dead-letter queue now, above 0 a delay level
 *  originMsgId        text     optional       the original message id, or null
 *  originTopic        name     optional       the original topic, or null
 *  unitMode           boolean  default false  unit mode
 *  maxReconsumeTimes  int      optional       the group's retry limit as the consumer sees it, or null for the broker's
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class ConsumerSendMsgBackRequestHeader extends RpcRequestHeader<ConsumerSendMsgBackRequestHeader> {
    private static final HeaderSchema<ConsumerSendMsgBackRequestHeader> SCHEMA =
        HeaderSchema.builder(ConsumerSendMsgBackRequestHeader.class)
        .add(
            HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v),
            HeaderField.name("group", REQUIRED, h -> h.group, (h, v) -> h.group = v),
            HeaderField.requiredInt("delayLevel", h -> h.delayLevel, (h, v) -> h.delayLevel = v),
            HeaderField.text("originMsgId", OPTIONAL, h -> h.originMsgId, (h, v) -> h.originMsgId = v),
            HeaderField.name("originTopic", OPTIONAL, h -> h.originTopic, (h, v) -> h.originTopic = v),
            HeaderField.defaultedBoolean("unitMode", false, h -> h.unitMode, (h, v) -> h.unitMode = v),
            HeaderField.optionalInt("maxReconsumeTimes", h -> h.maxReconsumeTimes, (h, v) -> h.maxReconsumeTimes = v))
        .add(RPC_FIELDS)
        .putOrder("maxReconsumeTimes", "ns", "bname", "originTopic", "oway", "delayLevel", "offset", "originMsgId",
            "group", "unitMode", "nsd")
        .build();

    private long offset;
    private String group;
    private int delayLevel;
    private String originMsgId;
    private String originTopic;
    private boolean unitMode;
    private Integer maxReconsumeTimes;

    /** {@code offset}: the physical offset of the failed message. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public ConsumerSendMsgBackRequestHeader offset(long value) {
        this.offset = value;
        return this;
    }

    /** {@code group}: the consumer group. */
    public String group() {
        return group;
    }

    /** Sets {@code group}. */
    public ConsumerSendMsgBackRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** {@code delayLevel}: 0 lets the broker choose, -1 means the dead-letter queue now, above 0 a delay level. */
    public int delayLevel() {
        return delayLevel;
    }

    /** Sets {@code delayLevel}. */
    public ConsumerSendMsgBackRequestHeader delayLevel(int value) {
        this.delayLevel = value;
        return this;
    }

    /** {@code originMsgId}: the original message id, or null. */
    public String originMsgId() {
        return originMsgId;
    }

    /** Sets {@code originMsgId}; null leaves it out. */
    public ConsumerSendMsgBackRequestHeader originMsgId(String value) {
        this.originMsgId = value;
        return this;
    }

    /** {@code originTopic}: the original topic, or null. */
    public String originTopic() {
        return originTopic;
    }

    /** Sets {@code originTopic}; null leaves it out. */
    public ConsumerSendMsgBackRequestHeader originTopic(String value) {
        this.originTopic = value;
        return this;
    }

    /** {@code unitMode}: unit mode. */
    public boolean unitMode() {
        return unitMode;
    }

    /** Sets {@code unitMode}. */
    public ConsumerSendMsgBackRequestHeader unitMode(boolean value) {
        this.unitMode = value;
        return this;
    }

    /** {@code maxReconsumeTimes}: the group's retry limit as the consumer sees it, or null for the broker's. */
    public Integer maxReconsumeTimes() {
        return maxReconsumeTimes;
    }

    /** Sets {@code maxReconsumeTimes}; null leaves it out. */
    public ConsumerSendMsgBackRequestHeader maxReconsumeTimes(Integer value) {
        this.maxReconsumeTimes = value;
        return this;
    }

    @Override
    protected ConsumerSendMsgBackRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<ConsumerSendMsgBackRequestHeader> schema() {
        return SCHEMA;
    }
}
