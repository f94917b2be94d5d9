package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;
import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * UPDATE_AND_CREATE_TOPIC (17): creates or updates a topic on one broker (mqadmin {@code updateTopic}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic            name     required       the topic
 *  defaultTopic     name     required       the template topic, {@code TBW102}
 *  readQueueNums    int      required       the number of read queues
 *  writeQueueNums   int      required       the number of write queues
 *  perm             int      required       the permission bits: 2 write, 4 read, 1 inherit
 *  topicFilterType  name     required       {@code SINGLE_TAG} or {@code MULTI_TAG}
 *  topicSysFlag     int      optional       the topic's system flag, or null
 *  order            boolean  default false  whether the topic is ordered
 *  attributes       text     optional       attribute changes such as {@code +message.type=NORMAL} (5.x), or null
 *  force            boolean  default false  apply even if the attributes conflict (5.x)
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class CreateTopicRequestHeader extends TopicRequestHeader<CreateTopicRequestHeader> {
    private static final HeaderSchema<CreateTopicRequestHeader> SCHEMA = HeaderSchema.builder(CreateTopicRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.name("defaultTopic", REQUIRED, h -> h.defaultTopic, (h, v) -> h.defaultTopic = v),
            HeaderField.requiredInt("readQueueNums", h -> h.readQueueNums, (h, v) -> h.readQueueNums = v),
            HeaderField.requiredInt("writeQueueNums", h -> h.writeQueueNums, (h, v) -> h.writeQueueNums = v),
            HeaderField.requiredInt("perm", h -> h.perm, (h, v) -> h.perm = v),
            HeaderField.name("topicFilterType", REQUIRED, h -> h.topicFilterType, (h, v) -> h.topicFilterType = v),
            HeaderField.optionalInt("topicSysFlag", h -> h.topicSysFlag, (h, v) -> h.topicSysFlag = v),
            HeaderField.defaultedBoolean("order", false, h -> h.order, (h, v) -> h.order = v),
            HeaderField.text("attributes", OPTIONAL, h -> h.attributes, (h, v) -> h.attributes = v),
            HeaderField.defaultedBoolean("force", false, h -> h.force, (h, v) -> h.force = v))
        .add(TOPIC_FIELDS)
        .putOrder("ns", "topicFilterType", "writeQueueNums", "attributes", "force", "topic", "order", "lo",
            "readQueueNums", "bname", "oway", "perm", "topicSysFlag", "defaultTopic", "nsd")
        .build();

    private String topic;
    private String defaultTopic;
    private int readQueueNums;
    private int writeQueueNums;
    private int perm;
    private String topicFilterType;
    private Integer topicSysFlag;
    private boolean order;
    private String attributes;
    private boolean force;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public CreateTopicRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code defaultTopic}: the template topic, {@code TBW102}. */
    public String defaultTopic() {
        return defaultTopic;
    }

    /** Sets {@code defaultTopic}. */
    public CreateTopicRequestHeader defaultTopic(String value) {
        this.defaultTopic = value;
        return this;
    }

    /** {@code readQueueNums}: the number of read queues. */
    public int readQueueNums() {
        return readQueueNums;
    }

    /** Sets {@code readQueueNums}. */
    public CreateTopicRequestHeader readQueueNums(int value) {
        this.readQueueNums = value;
        return this;
    }

    /** {@code writeQueueNums}: the number of write queues. */
    public int writeQueueNums() {
        return writeQueueNums;
    }

    /** Sets {@code writeQueueNums}. */
    public CreateTopicRequestHeader writeQueueNums(int value) {
        this.writeQueueNums = value;
        return this;
    }

    /** {@code perm}: the permission bits: 2 write, 4 read, 1 inherit. */
    public int perm() {
        return perm;
    }

    /** Sets {@code perm}. */
    public CreateTopicRequestHeader perm(int value) {
        this.perm = value;
        return this;
    }

    /** {@code topicFilterType}: {@code SINGLE_TAG} or {@code MULTI_TAG}. */
    public String topicFilterType() {
        return topicFilterType;
    }

    /** Sets {@code topicFilterType}. */
    public CreateTopicRequestHeader topicFilterType(String value) {
        this.topicFilterType = value;
        return this;
    }

    /** {@code topicSysFlag}: the topic's system flag, or null. */
    public Integer topicSysFlag() {
        return topicSysFlag;
    }

    /** Sets {@code topicSysFlag}; null leaves it out. */
    public CreateTopicRequestHeader topicSysFlag(Integer value) {
        this.topicSysFlag = value;
        return this;
    }

    /** {@code order}: whether the topic is ordered. */
    public boolean order() {
        return order;
    }

    /** Sets {@code order}. */
    public CreateTopicRequestHeader order(boolean value) {
        this.order = value;
        return this;
    }

    /** {@code attributes}: attribute changes such as {@code +message.type=NORMAL} (5.x), or null. */
    public String attributes() {
        return attributes;
    }

    /** Sets {@code attributes}; null leaves it out. */
    public CreateTopicRequestHeader attributes(String value) {
        this.attributes = value;
        return this;
    }

    /** {@code force}: apply even if the attributes conflict (5.x). */
    public boolean force() {
        return force;
    }

    /** Sets {@code force}. */
    public CreateTopicRequestHeader force(boolean value) {
        this.force = value;
        return this;
    }

    @Override
    protected CreateTopicRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<CreateTopicRequestHeader> schema() {
        return SCHEMA;
    }
}
